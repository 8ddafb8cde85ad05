import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './encryption.ts';

describe('secrets at rest (AES-256-GCM)', () => {
  const key = crypto.randomBytes(32);
  it('opens what it sealed, and a new nonce each time', () => {
    const text = 'https://user:pässword@bridge.example/simplefin';
    const a = seal(key, text);
    const b = seal(key, text);
    expect(a).not.toBe(b);
    expect(a).not.toContain('pässword');
    expect(unseal(key, a)).toBe(text);
    expect(unseal(key, b)).toBe(text);
  });
  it('opens nothing sealed with another key, altered, or not sealed at all', () => {
    const sealed = seal(key, 'secret');
    expect(unseal(crypto.randomBytes(32), sealed)).toBeNull();
    const [v, nonce, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(unseal(key, [v, nonce, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(unseal(key, [v, nonce, Buffer.alloc(16).toString('base64url'), body].join('.'))).toBeNull();
    for (const junk of ['', 'secret', 'v2.a.b.c', 'v1..', 'v1.a.b']) expect(unseal(key, junk)).toBeNull();
  });
});
