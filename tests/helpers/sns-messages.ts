/** Amazon SNS messages signed as AWS documents it, written out by hand so a mistake in the module's own recipe shows. */
import { createSign, type KeyObject } from 'node:crypto';

export type SnsEnvelope = Record<string, string>;

export function signSns(e: SnsEnvelope, key: KeyObject): SnsEnvelope {
  const signed =
    e.Type === 'Notification'
      ? `Message\n${e.Message}\nMessageId\n${e.MessageId}\n` +
        (e.Subject === undefined ? '' : `Subject\n${e.Subject}\n`) +
        `Timestamp\n${e.Timestamp}\nTopicArn\n${e.TopicArn}\nType\n${e.Type}\n`
      : `Message\n${e.Message}\nMessageId\n${e.MessageId}\nSubscribeURL\n${e.SubscribeURL}\n` +
        `Timestamp\n${e.Timestamp}\nToken\n${e.Token}\nTopicArn\n${e.TopicArn}\nType\n${e.Type}\n`;
  const signer = createSign(e.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(signed, 'utf8');
  return { ...e, Signature: signer.sign(key, 'base64') };
}
