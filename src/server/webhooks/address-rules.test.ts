import { describe, expect, it } from 'vitest';
import { createAddressRules } from './address-rules';

describe('webhook address rules', () => {
  const open = createAddressRules([]);
  const lan = createAddressRules([
    '10.0.0.0/8',
    '192.168.1.20',
    'pms.resort.lan',
    'fd00::/8',
    '169.254.0.0/16',
  ]);

  it('let public addresses through and refuse the private ones nobody named', () => {
    for (const address of ['93.184.215.14', '2606:4700::1111', '8.8.8.8'])
      expect(open.refuseAddress(address), address).toBeNull();
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '::1',
      '192.168.1.20',
      '172.16.5.4',
      '100.64.0.1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ])
      expect(open.refuseAddress(address), address).toMatch(/private address/);
  });

  it('let the resort name its network by range, address or host name', () => {
    expect(lan.refuseAddress('10.200.3.4')).toBeNull();
    expect(lan.refuseAddress('::ffff:10.0.0.1')).toBeNull();
    expect(lan.refuseAddress('192.168.1.20')).toBeNull();
    expect(lan.refuseAddress('192.168.1.21')).toMatch(/private address/);
    expect(lan.namedHost('PMS.resort.lan.')).toBe(true);
    expect(lan.refuseAddress('192.168.7.7', lan.namedHost('pms.resort.lan'))).toBeNull();
  });

  it('never let link-local or metadata addresses through, whatever the list says', () => {
    for (const host of [
      '169.254.169.254',
      '[fe80::1]',
      '[fd00:ec2::254]',
      '100.100.100.200',
      'metadata.google.internal',
      'METADATA.GOOGLE.INTERNAL.',
    ])
      expect(lan.refuseHost(host), host).toMatch(/link-local|metadata/);
    expect(lan.refuseAddress('169.254.10.1', true)).toMatch(/link-local/);
    expect(lan.refuseHost('pms.resort.lan')).toBeNull();
  });
});
