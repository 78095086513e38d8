// Switching a row on or off and deleting it, only when it belongs to the user asking: the same rule
// for chatbots and voice agents. Another user's id behaves exactly like a missing one.
import { isUuid } from './misc.ts'

type OwnedWhere = { where: { id: string; userId: string; voiceAgentId?: null } }
type OwnedTable = {
	updateMany(args: OwnedWhere & { data: { isActive: boolean } }): PromiseLike<{ count: number }>
	deleteMany(args: OwnedWhere): PromiseLike<{ count: number }>
}

/** `scope` narrows the rows further (a table whose rows are not all the user's to switch or delete). */
export function ownedRows(table: OwnedTable, scope: { voiceAgentId?: null } = {}) {
	return {
		/** False when there is no such row of this user. */
		async setActive(userId: string, id: string, isActive: boolean) {
			if (!isUuid(id)) return false
			const { count } = await table.updateMany({ where: { id, userId, ...scope }, data: { isActive } })
			return count > 0
		},
		/** False when there is no such row of this user. */
		async remove(userId: string, id: string) {
			if (!isUuid(id)) return false
			const { count } = await table.deleteMany({ where: { id, userId, ...scope } })
			return count > 0
		},
	}
}
