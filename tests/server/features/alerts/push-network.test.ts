import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isPublicAddress, publicLookup } from '../../../../src/server/features/alerts/push/network.ts';
import { isPushEndpoint } from '../../../../src/server/features/alerts/push/subscriptions.ts';

describe('where a push may go', () => {
  it('is a public https push service, never an address inside the server’s network', () => {
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(isPushEndpoint('https://93.184.216.34/push')).toBe(true);
    for (const inside of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://localhost/push',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://172.20.0.5/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://[::ffff:10.0.0.1]/push',
      // IPv6 forms that embed or reach an IPv4 address, and ranges outside global unicast.
      'https://[::127.0.0.1]/push',
      'https://[::ffff:0:127.0.0.1]/push',
      'https://[::ffff:7f00:1]/push',
      'https://[64:ff9b::7f00:1]/push',
      'https://[64:ff9b:1::7f00:1]/push',
      'https://[2002:7f00:1::]/push',
      'https://[2002:a00:1::1]/push',
      'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/push',
      'https://[fec0::1]/push',
      'https://[100::1]/push',
      'https://[2001:db8::1]/push',
      'https://[::]/push',
      'https://user:secret@push.example.com/x',
      'http://localhost:6379/',
    ])
      expect(isPushEndpoint(inside), inside).toBe(false);
  });

  it('may be a push service on this machine only where the server allows it', () => {
    expect(isPushEndpoint('http://localhost:9000/device', true)).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:9000/device', true)).toBe(true);
    expect(isPushEndpoint('http://10.0.0.5:9000/device', true)).toBe(false);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('push.example.com')).toBe(false);
  });

  it('tells public addresses from private, loopback, link-local and shared ones', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:82b::200a')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '192.168.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '::127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b:1::7f00:1',
      '2002:7f00:1::',
      '2001::1',
      'fec0::1',
      '100::1',
      '192.0.2.1',
      '203.0.113.9',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses a host name that resolves inside when the push connects', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicLookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('EPUSHADDRESS');
  });
});
