/**
 * The customer's phone: the text messages the server sent, read from the outbox that test servers
 * expose (`GET /api/dev/outbox/`). Also moves the server's code clock (`POST /api/dev/codes/age/`), so
 * a test of the 60 s wait or the 5 minute expiry does not wait for real.
 */
import { expect } from 'vitest';
import { WAIT_MS } from '../ui';

interface OutboxMessage {
  to: string;
  text: string;
  sent_at: string;
}

export class Phone {
  constructor(
    private readonly baseUrl: string,
    readonly number: string,
  ) {}

  /** The messages to this phone, newest first. */
  async messages(): Promise<OutboxMessage[]> {
    const response = await fetch(`${this.baseUrl}/api/dev/outbox/?to=${this.number}`);
    if (!response.ok) throw new Error(`GET /api/dev/outbox/ answered ${response.status} (is the outbox exposed?)`);
    return ((await response.json()) as { messages: OutboxMessage[] }).messages;
  }

  async latestText(): Promise<string> {
    return (await this.messages())[0]?.text ?? '';
  }

  /** Waits until the phone has `count` messages. */
  async waitForMessages(count: number) {
    await expect.poll(async () => (await this.messages()).length, { timeout: WAIT_MS, message: `messages to ${this.number}` }).toBe(count);
  }

  /** The 6-digit code in the newest message. */
  async latestCode(): Promise<string> {
    const code = /\b(\d{6})\b/.exec(await this.latestText())?.[1];
    if (!code) throw new Error(`no code in the newest message to ${this.number}`);
    return code;
  }

  /** A code that is surely not the one sent. */
  async wrongCode(): Promise<string> {
    return String((Number(await this.latestCode()) + 1) % 1_000_000).padStart(6, '0');
  }

  /** Makes the codes and messages to this phone `seconds` older on the server. */
  async passTime(seconds: number) {
    const response = await fetch(`${this.baseUrl}/api/dev/codes/age/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: this.number, seconds }),
    });
    if (!response.ok) throw new Error(`POST /api/dev/codes/age/ answered ${response.status}`);
  }
}
