/**
 * The SMTP port for delivery status notifications, when MAIL_BOUNCE_SMTP_PORT
 * is set: the mail server in front relays the bounces addressed to the
 * return path here, and each one that is believed counts against its address.
 */
import { recordFeedback, startBounceReceiver, type BounceReceiver } from '../features/email/index.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import type { Logger } from '../platform/logger.ts';
import { say } from './progress.ts';

export async function receiveBounces(config: Config, db: Db, logger: Logger): Promise<BounceReceiver | null> {
  if (config.mail.bounceSmtpPort === null) return null;
  const receiver = await startBounceReceiver({
    port: config.mail.bounceSmtpPort,
    host: config.mail.bounceHost,
    domains: config.mail.bounceDomains,
    logger,
    onFeedback: async (feedback) => {
      const outcome = await recordFeedback(db, feedback, 'smtp');
      logger.info({ reports: feedback.length, ...outcome }, 'delivery status notification read');
    },
  });
  say(`Bounces (delivery status notifications) received by SMTP on ${config.mail.bounceHost} port ${receiver.port}`);
  return receiver;
}
