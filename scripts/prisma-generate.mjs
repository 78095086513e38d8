// Runs `prisma generate` offline. The Prisma CLI insists that a schema-engine binary exists before
// generating, but generation never uses it, and the real binary is a download this machine cannot
// make. Pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies the check
// (docs/decisions/0002-prisma-migrations.md).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const prismaCli = require.resolve('prisma/build/index.js')
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' }
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath

const result = spawnSync(process.execPath, [prismaCli, 'generate'], {
	stdio: 'inherit',
	env,
	cwd: path.resolve(import.meta.dirname, '..'),
})
process.exit(result.status ?? 1)
