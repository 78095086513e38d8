/** Whether a file starts with the given bytes: how uploads prove they are what their name or field says. */
export function startsWithBytes(bytes: Uint8Array, ...signature: number[]) {
	return signature.every((byte, i) => bytes[i] === byte)
}
