// Compares prisma/schema.prisma with a live database: every model's table, every scalar field's
// column with a compatible type, nullability and default, and every @unique. The hand-written SQL
// migrations and the Prisma schema must agree, or the client breaks at run time.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import pg from 'pg'
import { findMigrationsDir } from './migrate.ts'

type DmmfField = {
	name: string
	dbName?: string | null
	kind: 'scalar' | 'object' | 'enum' | 'unsupported'
	type: string
	isList: boolean
	isRequired: boolean
	isUnique: boolean
	isUpdatedAt: boolean
	hasDefaultValue: boolean
	nativeType?: [string, string[]] | null
}
type DmmfModel = { name: string; dbName: string | null; fields: DmmfField[] }

const require = createRequire(import.meta.url)

function readPrismaModels(schemaPath = path.join(path.dirname(findMigrationsDir()), 'schema.prisma')): DmmfModel[] {
	// Prisma's own schema parser (the wasm build the CLI uses), not a regex.
	const wasm = require('@prisma/prisma-schema-wasm') as { get_dmmf: (params: string) => string }
	const schema = readFileSync(schemaPath, 'utf8')
	const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schema]] })))
	return dmmf.datamodel.models
}

/** information_schema.columns.udt_name values a Prisma field may map to. */
function expectedUdtNames(field: DmmfField): string[] {
	const native = field.nativeType?.[0]
	if (native) {
		const byNative: Record<string, string[]> = {
			Uuid: ['uuid'],
			Text: ['text'],
			VarChar: ['varchar'],
			Char: ['bpchar'],
			Timestamptz: ['timestamptz'],
			Timestamp: ['timestamp'],
			Date: ['date'],
			Integer: ['int4'],
			SmallInt: ['int2'],
			BigInt: ['int8'],
			DoublePrecision: ['float8'],
			Real: ['float4'],
			Decimal: ['numeric'],
			JsonB: ['jsonb'],
			Json: ['json'],
			Boolean: ['bool'],
		}
		return byNative[native] ?? [native.toLowerCase()]
	}
	const byType: Record<string, string[]> = {
		String: ['text'],
		Int: ['int4'],
		BigInt: ['int8'],
		Float: ['float8'],
		Decimal: ['numeric'],
		Boolean: ['bool'],
		DateTime: ['timestamp'],
		Json: ['jsonb'],
		Bytes: ['bytea'],
	}
	return byType[field.type] ?? []
}

export async function findSchemaDrift(databaseUrl: string, models = readPrismaModels()): Promise<string[]> {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		const { rows: columns } = await client.query<{
			table_name: string
			column_name: string
			udt_name: string
			is_nullable: 'YES' | 'NO'
			column_default: string | null
			is_generated: string
			is_identity: string
		}>(
			`SELECT table_name, column_name, udt_name, is_nullable, column_default, is_generated, is_identity
			 FROM information_schema.columns WHERE table_schema = current_schema()`,
		)
		const { rows: uniqueIndexes } = await client.query<{ table_name: string; columns: string[] }>(
			`SELECT t.relname AS table_name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
			 FROM pg_index i
			 JOIN pg_class t ON t.oid = i.indrelid
			 JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
			 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(i.indkey)
			 WHERE i.indisunique
			 GROUP BY i.indexrelid, t.relname`,
		)

		const problems: string[] = []
		for (const model of models) {
			const table = model.dbName ?? model.name
			const tableColumns = new Map(columns.filter((c) => c.table_name === table).map((c) => [c.column_name, c]))
			if (tableColumns.size === 0) {
				problems.push(`model ${model.name}: table "${table}" does not exist`)
				continue
			}
			const known = new Set<string>()
			for (const field of model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum')) {
				const columnName = field.dbName ?? field.name
				known.add(columnName)
				const column = tableColumns.get(columnName)
				const where = `${model.name}.${field.name} ("${table}"."${columnName}")`
				if (!column) {
					problems.push(`${where}: column does not exist`)
					continue
				}
				const expected = expectedUdtNames(field).map((t) => (field.isList ? `_${t}` : t))
				if (field.kind === 'scalar' && !expected.includes(column.udt_name)) {
					problems.push(`${where}: column type is ${column.udt_name}, schema expects ${expected.join(' or ')}`)
				}
				if (field.isRequired && column.is_nullable === 'YES')
					problems.push(`${where}: column is nullable, field is required`)
				if (!field.isRequired && column.is_nullable === 'NO')
					problems.push(`${where}: column is NOT NULL, field is optional`)
				const hasDatabaseDefault = column.column_default !== null || column.is_identity === 'YES'
				// @updatedAt and @default(now()) etc. may be filled in by Prisma itself; a database default
				// the schema does not declare is harmless, a declared dbgenerated() one must exist.
				if (field.hasDefaultValue && !hasDatabaseDefault && !field.isUpdatedAt) {
					const clientSide = ['uuid', 'cuid', 'now', 'autoincrement', 'ulid', 'nanoid']
					const defaultName = (field as { default?: { name?: string } }).default?.name
					if (!defaultName || !clientSide.includes(defaultName))
						problems.push(`${where}: schema declares a default the column lacks`)
				}
				if (
					field.isUnique &&
					!uniqueIndexes.some((u) => u.table_name === table && u.columns.length === 1 && u.columns[0] === columnName)
				) {
					problems.push(`${where}: @unique but the database has no unique index on it`)
				}
			}
			// Columns Prisma does not know are fine only if inserts through Prisma still succeed.
			for (const column of tableColumns.values()) {
				if (known.has(column.column_name)) continue
				if (
					column.is_nullable === 'NO' &&
					column.column_default === null &&
					column.is_generated !== 'ALWAYS' &&
					column.is_identity !== 'YES'
				) {
					problems.push(`"${table}"."${column.column_name}": NOT NULL without default, unknown to schema.prisma`)
				}
			}
		}
		return problems
	} finally {
		await client.end()
	}
}
