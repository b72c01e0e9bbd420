/**
 * What mailbox providers tell us about a message we sent: it bounced for
 * good (hard), bounced for now (soft), or its reader marked it as spam
 * (complaint). Both the SES/SNS webhook and the delivery status
 * notifications received by SMTP are read into this one shape.
 */
export type FeedbackKind = 'hard' | 'soft' | 'complaint';

export interface MailFeedback {
  kind: FeedbackKind;
  /** The address concerned, lower-cased. */
  email: string;
  /** A short reason fit for the staff's suppression list (status code, diagnostic). */
  detail: string;
  /** The outbox message it concerns, when the report names it (VERP return path or our Message-ID). */
  outboxId: number | null;
}

/** Our Message-IDs look like `<outbox-123@host>`: the number is the outbox row. */
export function outboxIdOfMessageId(messageId: string | null | undefined): number | null {
  const match = /<?outbox-(\d{1,12})@[^>\s]+>?/.exec(messageId ?? '');
  return match ? Number(match[1]) : null;
}

/** Our return paths look like `bounce+123@domain`: the number is the outbox row. */
export function outboxIdOfReturnPath(address: string | null | undefined): number | null {
  const match = /^[^+@\s]+\+(\d{1,12})@/.exec(address?.trim() ?? '');
  return match ? Number(match[1]) : null;
}
