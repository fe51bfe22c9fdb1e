/**
 * Text messages to phones go through `SmsSender`, so a real SMS gateway plugs in without touching the
 * routes. The default sender writes each message to the server log and keeps the latest ones in an
 * in-memory outbox, which only development and test servers expose (`GET /api/dev/outbox/`) so that
 * browser tests and developers can read the codes. Production replaces it with a gateway sender.
 */

export interface SmsMessage {
  /** 8-digit Mongolian mobile number. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxEntry extends SmsMessage {
  id: number;
  /** ISO time the server handed the message over. */
  sent_at: string;
}

/** The messages a server sent, newest last, at most `limit` of them (older ones are dropped). */
export class Outbox {
  private entries: OutboxEntry[] = [];
  private nextId = 1;

  constructor(private readonly limit = 500) {}

  add(message: SmsMessage): OutboxEntry {
    const entry: OutboxEntry = { ...message, id: this.nextId++, sent_at: new Date().toISOString() };
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    return entry;
  }

  /** Newest first; only those to `to` when given. */
  list(to?: string): OutboxEntry[] {
    return this.entries.filter((entry) => to === undefined || entry.to === to).reverse();
  }
}

/** The default sender: the log and the outbox. */
export const createOutboxSender = (
  outbox = new Outbox(),
  log: (line: string) => void = (line) => console.log(line),
): SmsSender & { outbox: Outbox } => ({
  outbox,
  async send(message) {
    outbox.add(message);
    log(`[sms] to ${message.to}: ${message.text}`);
  },
});
