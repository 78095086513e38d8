// The visitor hash of conversation logs counts a visitor as the rate limits do: an IPv6 visitor whose
// privacy address changes within their /64 is the same visitor that day.
import { expect, test } from 'vitest'
import { CLIENT_IP_HEADER } from '~/lib/client-ip.ts'
import { ipHashOf } from './conversation-log.server.ts'

const from = (ip: string) => new Request('http://localhost/', { headers: { [CLIENT_IP_HEADER]: ip } })
const day = new Date('2026-11-24T12:00:00Z')

test('one /64 is one visitor a day; another /64, another IPv4 address or another day is not', () => {
	const visitor = ipHashOf(from('2001:db8:aa:bb::1'), day)
	expect(visitor).toMatch(/^[\w-]{22}$/)
	expect(ipHashOf(from('2001:db8:aa:bb:1234:5678:9abc:def0'), day)).toBe(visitor)
	expect(ipHashOf(from('2001:db8:aa:bc::1'), day)).not.toBe(visitor)
	expect(ipHashOf(from('2001:db8:aa:bb::1'), new Date('2026-11-25T12:00:00Z'))).not.toBe(visitor)
	expect(ipHashOf(from('203.0.113.7'), day)).not.toBe(ipHashOf(from('203.0.113.8'), day))
	expect(ipHashOf(from('::ffff:203.0.113.7'), day)).toBe(ipHashOf(from('203.0.113.7'), day))
	expect(ipHashOf(new Request('http://localhost/'), day)).toBeNull()
})
