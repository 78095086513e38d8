// A valid progressive JPEG built to be slow to decode, like the one of the issue: a 4000 × 4000
// picture whose every AC coefficient of each of its three components is sent one bit at a time
// (3 × 63 bands × 14 bits, plus a DC scan each: 2,649 scans), each scan a handful of end-of-band
// runs over all 250,000 blocks. The file is about 170 KB; a decoder walks every block once per scan.

const SIDE = 4000
const BLOCKS = (SIDE / 8) ** 2
/** The longest end-of-band run one EOB14 symbol can say. */
const MAX_EOB_RUN = 32_767

function segment(marker: number, body: number[]) {
	const length = body.length + 2
	return [0xff, marker, length >> 8, length & 0xff, ...body]
}

/** Bits to bytes, padded with ones, with every 0xFF followed by a stuffed 0x00. */
function entropyCoded(bits: number[]) {
	while (bits.length % 8) bits.push(1)
	const bytes: number[] = []
	for (let i = 0; i < bits.length; i += 8) {
		const byte = bits.slice(i, i + 8).reduce((value, bit) => (value << 1) | bit, 0)
		bytes.push(byte)
		if (byte === 0xff) bytes.push(0x00)
	}
	return bytes
}

function scan(
	component: number,
	spectralStart: number,
	spectralEnd: number,
	high: number,
	low: number,
	bits: number[],
) {
	return [...segment(0xda, [1, component, 0x00, spectralStart, spectralEnd, (high << 4) | low]), ...entropyCoded(bits)]
}

/** End-of-band runs covering every block: symbol 0xE0 (code "0") and 14 bits of run length each. */
function endOfBands() {
	const bits: number[] = []
	for (let left = BLOCKS; left > 0;) {
		const run = Math.min(left, MAX_EOB_RUN)
		bits.push(0)
		for (let bit = 13; bit >= 0; bit--) bits.push((run >> bit) & 1)
		left -= run
	}
	return bits
}

export function jpegScanBomb() {
	const bytes = [
		0xff,
		0xd8,
		...segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]), // quantisation table 0
		// Progressive, three components at full resolution sharing quantisation table 0.
		...segment(0xc2, [8, SIDE >> 8, SIDE & 0xff, SIDE >> 8, SIDE & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
		...segment(0xc4, [0x00, 1, ...Array.from({ length: 15 }, () => 0), 0x00]), // DC: one code, difference 0
		...segment(0xc4, [0x10, 1, ...Array.from({ length: 15 }, () => 0), 0xe0]), // AC: one code, EOB14
	]
	const eob = endOfBands()
	for (const component of [1, 2, 3]) {
		// DC first: every block's difference is 0 (one bit each).
		bytes.push(
			...scan(
				component,
				0,
				0,
				0,
				0,
				Array.from({ length: BLOCKS }, () => 0),
			),
		)
		for (let band = 1; band <= 63; band++) {
			bytes.push(...scan(component, band, band, 0, 13, [...eob]))
			for (let bit = 12; bit >= 0; bit--) bytes.push(...scan(component, band, band, bit + 1, bit, [...eob]))
		}
	}
	bytes.push(0xff, 0xd9)
	return new Uint8Array(bytes)
}
