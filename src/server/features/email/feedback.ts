/**
 * What mailbox providers tell us about a message we sent: it bounced for
 * good (hard), bounced for now (soft), or its reader marked it as spam
 * (complaint). Both the SES/SNS webhook and the delivery status
 * notifications received by SMTP are read into this one shape.
 */
import { REFERENCE_PATTERN } from './transport/message-reference.ts';

export type FeedbackKind = 'hard' | 'soft' | 'complaint';

export interface MailFeedback {
  kind: FeedbackKind;
  /** The address concerned, lower-cased. */
  email: string;
  /** A short reason fit for the staff's suppression list (status code, diagnostic). */
  detail: string;
  /**
   * The reference of the message it concerns, as the report quotes it (from our return path or
   * Message-ID); whether this database made it is for the one who acts on the report to check.
   */
  reference: string | null;
}

const MESSAGE_ID = new RegExp(`^\\s*<?(${REFERENCE_PATTERN})@[^>\\s]+>?\\s*$`);
const RETURN_PATH = new RegExp(`^[^+@\\s]+\\+(${REFERENCE_PATTERN})@`);

/** Our Message-IDs look like `<{reference}@host>`. */
export function referenceOfMessageId(messageId: string | null | undefined): string | null {
  return MESSAGE_ID.exec(messageId ?? '')?.[1]?.toLowerCase() ?? null;
}

/** Our return paths look like `bounces+{reference}@domain`. */
export function referenceOfReturnPath(address: string | null | undefined): string | null {
  return RETURN_PATH.exec(address?.trim() ?? '')?.[1]?.toLowerCase() ?? null;
}
