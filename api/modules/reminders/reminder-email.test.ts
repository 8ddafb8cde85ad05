import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, formatCalendarDate, today } from '../../lib/dates.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { createMailer, deliverReminderEmails, type Mailer } from './reminder-email.ts';
import { notify } from './notify.ts';

const h = useModuleHarness();
const day = (offset: number) => formatCalendarDate(addCalendarDays(today('UTC'), offset));
const PUBLIC_URL = 'https://budget.example.com';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port, keeping what arrives. */
const received: Received[] = [];
let smtp: SMTPServer;
let mailer: Mailer;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Quoted-printable soft line breaks joined, so a long line reads as one.
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  mailer = await createMailer(`smtp://127.0.0.1:${port}`, 'Budget <budget@example.com>');
});
afterAll(async () => {
  mailer?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const sentTo = (email: string) => received.filter((m) => m.to.includes(email));
const reminder = (subject: string, title: string) => ({ kind: 'bill_due' as const, subject, date: day(1), title, link: '/bills' });

describe('reminder e-mails', () => {
  it('sends each reminder once to an "each" user, nothing to an "off" one', async () => {
    const each = await h.user();
    const off = await h.user();
    await each.rest('PATCH', '/api/settings/reminders', { reminderEmail: 'each' });
    const email = (await h.db.prisma.user.findUniqueOrThrow({ where: { id: each.viewer.id } })).email!;
    const offEmail = (await h.db.prisma.user.findUniqueOrThrow({ where: { id: off.viewer.id } })).email!;
    await notify(h.db.prisma, each.viewer.id, reminder('bill-1', 'Phone ($45.00) is due on Dec 1'));
    await notify(h.db.prisma, off.viewer.id, reminder('bill-2', 'Gym ($30.00) is due on Dec 1'));

    // Two passes at once (two processes): each e-mail goes once.
    await Promise.all([deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL), deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL)]);
    await deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL);
    const mails = sentTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('Subject: Phone ($45.00) is due on Dec 1');
    expect(mails[0]!.raw).toContain(`${PUBLIC_URL}/bills`);
    expect(mails[0]!.raw).toContain('From: Budget <budget@example.com>');
    expect(sentTo(offEmail)).toHaveLength(0);
  });

  it('sends a daily digest of what is pending, once a day', async () => {
    const u = await h.user();
    await u.rest('PATCH', '/api/settings/reminders', { reminderEmail: 'digest' });
    const email = (await h.db.prisma.user.findUniqueOrThrow({ where: { id: u.viewer.id } })).email!;
    await notify(h.db.prisma, u.viewer.id, reminder('bill-a', 'Rent ($1,200.00) is due on Dec 1'));
    await notify(h.db.prisma, u.viewer.id, { ...reminder('cat-1', 'Food is overspent by $15.00 this month'), kind: 'overspent' });
    await Promise.all([deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL), deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL)]);
    const [digest] = sentTo(email);
    expect(sentTo(email)).toHaveLength(1);
    expect(digest!.raw).toMatch(/Subject: Your reminders for \d{4}-\d{2}-\d{2}: 2/);
    expect(digest!.raw).toContain('- Rent ($1,200.00) is due on Dec 1');
    expect(digest!.raw).toContain('- Food is overspent by $15.00 this month');

    // Later the same day: it waits for tomorrow's digest.
    await notify(h.db.prisma, u.viewer.id, reminder('bill-b', 'Water ($20.00) is due on Dec 2'));
    await deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL);
    expect(sentTo(email)).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    await deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL, tomorrow);
    expect(sentTo(email)).toHaveLength(2);
    expect(sentTo(email)[1]!.raw).toContain('- Water ($20.00) is due on Dec 2');
  });

  it('keeps an e-mail the server refused for the next pass', async () => {
    const u = await h.user();
    await u.rest('PATCH', '/api/settings/reminders', { reminderEmail: 'each' });
    const email = (await h.db.prisma.user.findUniqueOrThrow({ where: { id: u.viewer.id } })).email!;
    await notify(h.db.prisma, u.viewer.id, reminder('bill-x', 'Internet ($60.00) is due on Dec 3'));
    const refusing: Mailer = { send: () => Promise.reject(new Error('421 try later')), close() {} };
    await expect(deliverReminderEmails(h.db.prisma, refusing, PUBLIC_URL)).rejects.toThrow(/retried/);
    await deliverReminderEmails(h.db.prisma, mailer, PUBLIC_URL);
    expect(sentTo(email)).toHaveLength(1);
  });
});
