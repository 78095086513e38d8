import bcrypt from 'bcryptjs'

/** bcrypt cost: 2^10 rounds, about 60 ms per hash on this project's machines (npm run bench:auth). */
export const BCRYPT_COST = 10

export function hashPassword(password: string) {
	return bcrypt.hash(password, BCRYPT_COST)
}

export function verifyPassword(password: string, hash: string) {
	return bcrypt.compare(password, hash)
}

// Compared against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST)
export function burnPasswordCheck(password: string) {
	return bcrypt.compare(password, DUMMY_HASH)
}
