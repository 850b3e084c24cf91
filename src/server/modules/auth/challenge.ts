import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { addressKey } from '../../limits/address-key';
import type { CustomerTokens } from './tokens';

/**
 * The sign challenge: once an address has failed to log in many times, each further login from it must carry a
 * proof of work. The server answers such a login with `{sign: value}` instead of checking the password; the
 * browser finds an `answer` for which SHA-256("<value>:<answer>") starts with DIFFICULTY zero bits (about 65 000
 * hashes: a fraction of a second for a shopper, a real cost per guess for a script) and logs in again with
 * `signature: "<value>:<answer>"`. GET /auth/sign/<value> says whether a value is genuine and what it asks for.
 *
 * The value is signed with the customer token secret, names the client address it was made for and its
 * expiry, so it cannot be forged, moved to another address or kept; each is accepted once (the caller records
 * its nonce as used).
 */
export const SIGN_DIFFICULTY_BITS = 16;

export interface SignChallenge {
  nonce: string;
  expiresAt: number;
  difficulty: number;
}

// Short enough for a path segment (Fastify's 100-character parameter limit): 26 bytes of payload and a
// 128-bit MAC, 58 characters in all.
const NONCE_BYTES = 12;
const TAG_BYTES = 9;
const PAYLOAD_BYTES = NONCE_BYTES + TAG_BYTES + 4 + 1;
const MAC_CHARS = 22;

const addressTag = (address: string) => createHash('sha256').update(addressKey(address)).digest().subarray(0, TAG_BYTES);
const macOf = async (tokens: CustomerTokens, payload: string) => (await tokens.mac(`sign:${payload}`)).slice(0, MAC_CHARS);

export async function makeChallenge(tokens: CustomerTokens, address: string, lifetimeSeconds: number, now = Date.now()): Promise<string> {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  randomBytes(NONCE_BYTES).copy(payload, 0);
  addressTag(address).copy(payload, NONCE_BYTES);
  payload.writeUInt32BE(Math.floor(now / 1000) + lifetimeSeconds, NONCE_BYTES + TAG_BYTES);
  payload.writeUInt8(SIGN_DIFFICULTY_BITS, NONCE_BYTES + TAG_BYTES + 4);
  const encoded = payload.toString('base64url');
  return `${encoded}.${await macOf(tokens, encoded)}`;
}

/** The challenge a value stands for, when the server made it for this address and it has not expired; else null. */
export async function readChallenge(tokens: CustomerTokens, value: string, address: string, now = Date.now()): Promise<SignChallenge | null> {
  if (value.length > 100) return null;
  const [encoded, mac, extra] = value.split('.');
  if (!encoded || !mac || extra !== undefined) return null;
  const expected = Buffer.from(await macOf(tokens, encoded));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const payload = Buffer.from(encoded, 'base64url');
  if (payload.length !== PAYLOAD_BYTES) return null;
  if (!payload.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES).equals(addressTag(address))) return null;
  const expiresAt = payload.readUInt32BE(NONCE_BYTES + TAG_BYTES);
  if (expiresAt * 1000 <= now) return null;
  return { nonce: payload.subarray(0, NONCE_BYTES).toString('base64url'), expiresAt, difficulty: payload.readUInt8(NONCE_BYTES + TAG_BYTES + 4) };
}

/** Whether SHA-256 of "<value>:<answer>" starts with `bits` zero bits. */
export function meetsDifficulty(value: string, answer: string, bits: number): boolean {
  const digest = createHash('sha256').update(`${value}:${answer}`).digest();
  for (let bit = 0; bit < bits; bit++) {
    if ((digest[bit >> 3]! >> (7 - (bit & 7))) & 1) return false;
  }
  return true;
}

/** Splits a login's `signature` into the challenge value and the answer found for it. */
export function splitSignature(signature: string): { value: string; answer: string } | null {
  const at = signature.lastIndexOf(':');
  if (at <= 0 || signature.length - at - 1 > 20) return null;
  return { value: signature.slice(0, at), answer: signature.slice(at + 1) };
}

/** What the browser does (and the tests): the first answer that meets the challenge. */
export function solveChallenge(value: string, bits: number): string {
  for (let i = 0; ; i++) if (meetsDifficulty(value, String(i), bits)) return String(i);
}
