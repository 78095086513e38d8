// Every per-IP limit counts a client by its key: an IPv4 address as it is, an IPv6 address as its /64
// (one host or home connection has a whole /64 to pick addresses from).
import { expect, test } from 'vitest'
import { CLIENT_IP_HEADER, clientKey, clientKeyOf } from './client-ip.ts'

const requestFrom = (ip: string) => new Request('http://localhost/', { headers: { [CLIENT_IP_HEADER]: ip } })

test('two addresses of one IPv6 /64 are one client; another /64 is another', () => {
	const home = clientKeyOf('2001:db8:1234:5678::1')
	expect(home).toBe('2001:db8:1234:5678::/64')
	expect(clientKeyOf('2001:db8:1234:5678:a1b2:c3d4:e5f6:789')).toBe(home)
	// However it is written (leading zeros, upper case, spelled out in full).
	expect(clientKeyOf('2001:0DB8:1234:5678:0000:0000:0000:ffff')).toBe(home)
	expect(clientKeyOf('2001:db8:1234:5679::1')).not.toBe(home)
	expect(clientKey(requestFrom('2001:db8:1234:5678::2'))).toBe(clientKey(requestFrom('2001:db8:1234:5678::3')))
})

test('IPv4 is the whole address, written either way; anything else is kept as it is', () => {
	expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7')
	expect(clientKeyOf('203.0.113.8')).not.toBe(clientKeyOf('203.0.113.7'))
	// An IPv4 client on a dual-stack socket is that IPv4 client, not a /64 shared with every IPv4 client.
	expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
	expect(clientKeyOf('::ffff:203.0.113.8')).toBe('203.0.113.8')
	expect(clientKeyOf('unknown')).toBe('unknown')
	expect(clientKey(new Request('http://localhost/'))).toBe('unknown')
})
