import type { PrismaClient } from '../../generated/prisma/client.ts';
import { formatCalendarDate, today } from '../../lib/dates.ts';

/**
 * Reminders by e-mail (docs/product.md#reminders, docs/operations.md#e-mail): only when the
 * operator sets SMTP_URL. A notification made while its user's mode was "each" or "digest" waits
 * with `email_pending`; a pass claims what it sends with one `UPDATE … RETURNING` (a row claimed
 * by one process is no longer pending for another), and a daily digest claims the user's day
 * (`digest_sent_on`) first, so each is sent once however many processes run passes.
 */

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/**
 * A mailer over nodemailer's SMTP transport (`smtp://user:pass@host:587`, `smtps://…`), loaded
 * here: a server without SMTP_URL never holds it (docs/performance.md#memory).
 */
export async function createMailer(smtpUrl: string, from: string): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** What a pass sends within: older pending notifications (made while e-mail was not set up) are let go. */
const PENDING_WINDOW_MS = 36 * 3600_000;

interface Claimed {
  id: string;
  title: string;
  link: string | null;
  email: string;
}

const lineOf = (n: Claimed, publicUrl: string) => `- ${n.title}${n.link ? `\n  ${publicUrl}${n.link}` : ''}`;

/** Sends the pending e-mails: each of the "each" users' notifications, and the digests due today. How many e-mails it sent. */
export async function deliverReminderEmails(prisma: PrismaClient, mailer: Mailer, publicUrl: string, now = new Date()) {
  const since = new Date(now.getTime() - PENDING_WINDOW_MS);
  // Pending notifications of users who turned e-mail off, or have no address, or too old: let go.
  await prisma.$executeRaw`
    UPDATE notifications n SET email_pending = false FROM users u
     WHERE n.user_id = u.id AND n.email_pending
       AND (u.reminder_email = 'off' OR u.email IS NULL OR u.disabled_at IS NOT NULL OR n.created_at < ${since})`;
  let sent = 0;
  const failures: unknown[] = [];
  /** Sends; when the server refuses, the notifications are pending again (and the digest's day released) for the next pass. */
  const sendOrRelease = async (items: Claimed[], send: () => Promise<void>, digestUserId?: string) => {
    try {
      await send();
      sent++;
    } catch (err) {
      failures.push(err);
      await prisma.notification.updateMany({ where: { id: { in: items.map((n) => n.id) } }, data: { emailPending: true } });
      if (digestUserId) await prisma.user.update({ where: { id: digestUserId }, data: { digestSentOn: null } });
    }
  };
  const each = await prisma.$queryRaw<Claimed[]>`
    UPDATE notifications n SET email_pending = false FROM users u
     WHERE n.user_id = u.id AND n.email_pending AND u.reminder_email = 'each'
     RETURNING n.id, n.title, n.link, u.email`;
  for (const n of each) {
    await sendOrRelease([n], () =>
      mailer.send({ to: n.email, subject: n.title, text: `${lineOf(n, publicUrl)}\n\nBudget: ${publicUrl}/\n` }),
    );
  }
  const day = today('UTC', now);
  const digestUsers = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE users u SET digest_sent_on = ${day}::date
     WHERE u.reminder_email = 'digest' AND (u.digest_sent_on IS NULL OR u.digest_sent_on < ${day}::date)
       AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.email_pending)
     RETURNING u.id`;
  for (const { id } of digestUsers) {
    const items = await prisma.$queryRaw<Claimed[]>`
      UPDATE notifications n SET email_pending = false FROM users u
       WHERE n.user_id = u.id AND u.id = ${id} AND n.email_pending
       RETURNING n.id, n.title, n.link, u.email`;
    if (items.length === 0) continue;
    items.sort((a, b) => a.id.localeCompare(b.id));
    const subject = `Your reminders for ${formatCalendarDate(day)}: ${items.length}`;
    const text = `${items.map((n) => lineOf(n, publicUrl)).join('\n')}\n\nBudget: ${publicUrl}/\n`;
    await sendOrRelease(items, () => mailer.send({ to: items[0]!.email, subject, text }), id);
  }
  if (failures.length > 0) throw new AggregateError(failures, `Sending ${failures.length} reminder e-mail(s) failed; they are retried`);
  return sent;
}
