import type { AnyRouter } from '@trpc/server';
import {
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  unwrapZodType,
} from 'trpc-to-openapi';
import { z } from 'zod';
import type { Permission, SubjectType } from '../auth/scopes';
import type { ApiMeta } from '../trpc/meta';
import { forEachApiOperation } from '../trpc/operations';
import { compactToolSchema, toToolJsonSchema, type JsonSchema } from './json-schema';

/**
 * The MCP tool catalog, generated from the same tRPC procedures that serve REST: one tool per
 * operation, so the two interfaces cannot drift. Built once at start.
 *
 * Sized for an assistant's context (the whole list for a full agency key stays under
 * TOOL_LIST_BUDGET characters, tests/mcp/budget.test.ts): the REST reference at /docs carries the
 * details, a tool only what an agent needs to choose and call it.
 * - name: the OpenAPI operationId in snake_case (`linkInBio-saveBlock` → `link_in_bio_save_block`).
 * - description: the summary and the first sentence of the operation's description.
 * - inputSchema: the procedure's input (path, query and body are one object in tRPC already),
 *   compacted (compactToolSchema), without fields the operation always refuses (`toolHints.unadvertised`),
 *   plus `idempotency_key` on POST/PATCH and `if_match` on PATCH: the REST headers as arguments.
 * - outputSchema only where the operation asks for one (`toolHints.outputSchema`: a result an agent
 *   reads to decide its next call). Every result is the REST body `{ data, request_id, meta? }` as
 *   structuredContent, described once in the server's instructions; output schemas on every tool
 *   repeated each resource's shape up to five times and tripled the list's size.
 * - A multipart upload takes each file as text (see FILE_ARGUMENTS).
 */
export const TOOL_LIST_BUDGET = 60_000;

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema?: JsonSchema & { type: 'object' };
  annotations: ToolAnnotations;
}

export interface CatalogTool {
  definition: ToolDefinition;
  /** The tRPC path, e.g. `creators.create`. */
  procedurePath: string;
  method: string;
  /** REST path template, for descriptions and logs. */
  restPath: string;
  access: NonNullable<ApiMeta['access']>;
  /** Tool arguments → the procedure's input (files from text; undefined for a void input), without the header arguments. */
  toProcedureInput: (args: Record<string, unknown>) => unknown;
  /** The request headers the header arguments (`idempotency_key`, `if_match`) stand for. */
  headersOf: (args: Record<string, unknown>) => { get(name: string): string | null };
  /** A REST-style field path (`body.file`, `query.limit`) → the argument it names. */
  argumentPath(path: string): string;
}

/** How an uploaded file is passed to a tool: as text in a named argument. */
interface FileArgument {
  argument: string;
  contentType: string;
  defaultFilename: string;
  description: string;
}

/** File fields of multipart operations, by procedure path and field; others get a generic text argument. */
const FILE_ARGUMENTS: Record<string, Record<string, FileArgument>> = {
  'creatorImports.create': {
    file: {
      argument: 'csv',
      contentType: 'text/csv',
      defaultFilename: 'import.csv',
      description:
        'The CSV file’s text: a header row (display_name, email, country, languages, tags, one column per platform such as instagram or tiktok) and up to 500 creator rows. At most 2 MiB (UTF-8). Validated exactly like the multipart upload of POST /creator-imports.',
    },
  },
};

/** `linkInBio-saveBlock` → `link_in_bio_save_block`, `me-get` → `me_get`. */
export function toolNameFor(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-.\s]+/g, '_')
    .toLowerCase();
}

function envelopeSchema(output: JsonSchema): JsonSchema & { type: 'object' } {
  if (output.type !== 'object' || typeof output.properties !== 'object') {
    throw new Error('an operation output must be an object schema ({ data, meta? })');
  }
  return {
    ...output,
    type: 'object',
    properties: {
      ...(output.properties as JsonSchema),
      request_id: { type: 'string', description: 'Identifies this call (also in logs and errors); quote it to support.' },
    },
    required: [...new Set([...((output.required as string[] | undefined) ?? []), 'request_id'])],
  };
}

/** REST headers a tool takes as arguments, by the methods that honour them (as the OpenAPI document declares them). */
const HEADER_ARGUMENTS = {
  idempotency_key: {
    header: 'idempotency-key',
    restPath: 'header.Idempotency-Key',
    methods: ['POST', 'PATCH'],
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Makes a retry safe: the same key with the same arguments within 24 h replays the first result instead of running again (the Idempotency-Key header).',
    },
  },
  if_match: {
    header: 'if-match',
    restPath: 'header.If-Match',
    methods: ['PATCH'],
    schema: {
      type: 'string',
      minLength: 1,
      description: 'The ETag you read (the If-Match header): the change applies only if the resource still has that version, otherwise 412.',
    },
  },
} as const;

type HeaderArgument = keyof typeof HEADER_ARGUMENTS;

/** An agent reads descriptions, not headers: a deprecated tool says so first, and where to read why. */
function deprecationNote(deprecation: ApiMeta['deprecation']): string {
  if (!deprecation) return '';
  return `Deprecated${deprecation.sunset ? ` (ends ${deprecation.sunset})` : ''}, see /docs/changelog#${deprecation.changelogAnchor}. `;
}

/** The first sentence of an operation's description (abbreviations such as e.g. do not end one). */
export function firstSentence(text: string): string {
  const paragraph = text.split(/\n\s*\n|\n-/)[0]!.trim();
  const end = /(?<!\be\.g|\bi\.e|\betc|\bvs)[.!?](?=\s|$)/.exec(paragraph);
  return end ? paragraph.slice(0, end.index + 1) : paragraph;
}

const EMPTY_INPUT = { type: 'object', properties: {}, additionalProperties: false } as const;
const NO_ARGUMENTS = z.strictObject({});

export function buildToolCatalog(router: AnyRouter): CatalogTool[] {
  const tools: CatalogTool[] = [];
  forEachApiOperation(router, ({ path, meta: apiMeta, procedure }) => {
    if (!apiMeta.access) throw new Error(`procedure ${path} has no access rule`);
    const { method, summary = path, description } = apiMeta.openapi;
    const operationId = apiMeta.openapi.operationId ?? path.replace(/\./g, '-');
    const { inputParser, outputParser } = getInputOutputParsers(procedure);
    const voidInput = instanceofZodTypeLikeVoid(unwrapZodType(inputParser, true));
    const multipart = apiMeta.openapi.contentTypes?.includes('multipart/form-data') ?? false;

    let inputSchema: JsonSchema & { type: 'object' };
    let toProcedureInput: CatalogTool['toProcedureInput'] = (args) => args;
    const renamed = new Map<string, string>(); // procedure field → argument
    if (voidInput) {
      inputSchema = { ...EMPTY_INPUT };
      toProcedureInput = (args) => {
        NO_ARGUMENTS.parse(args); // throws a ZodError naming each argument the tool does not take
        return undefined;
      };
    } else if (multipart) {
      ({ inputSchema, toProcedureInput } = fileArgumentsFor(path, inputParser, renamed));
    } else {
      inputSchema = toToolJsonSchema(inputParser, 'input') as JsonSchema & { type: 'object' };
      if (inputSchema.type !== 'object') throw new Error(`procedure ${path}: tool input must be an object schema`);
    }

    for (const field of apiMeta.toolHints?.unadvertised ?? []) {
      const properties = inputSchema.properties as JsonSchema;
      if (!Object.hasOwn(properties, field)) throw new Error(`procedure ${path}: unadvertised field ${field} is not in its input`);
      delete properties[field];
    }
    inputSchema = compactToolSchema(inputSchema) as JsonSchema & { type: 'object' };

    // The REST headers this method honours, as arguments: checked here, handed to the gateway as headers.
    const headerArguments = (Object.keys(HEADER_ARGUMENTS) as HeaderArgument[]).filter((name) =>
      (HEADER_ARGUMENTS[name].methods as readonly string[]).includes(method),
    );
    if (headerArguments.length > 0) {
      const properties = inputSchema.properties as JsonSchema;
      for (const name of headerArguments) {
        if (Object.hasOwn(properties, name)) throw new Error(`procedure ${path}: input field ${name} collides with the tool's header argument`);
        properties[name] = HEADER_ARGUMENTS[name].schema;
        renamed.set(HEADER_ARGUMENTS[name].restPath, name);
      }
      const headerSchema = z.object(Object.fromEntries(headerArguments.map((name) => [name, z.string().optional()])));
      const procedureInput = toProcedureInput;
      toProcedureInput = (args) => {
        headerSchema.parse(args); // a ZodError naming the argument when one is not a string
        const rest = { ...args };
        for (const name of headerArguments) delete rest[name];
        return procedureInput(rest);
      };
    }
    const headersOf: CatalogTool['headersOf'] = (args) => ({
      get(header) {
        const name = headerArguments.find((candidate) => HEADER_ARGUMENTS[candidate].header === header.toLowerCase());
        const value = name === undefined ? undefined : args[name];
        return typeof value === 'string' ? value : null;
      },
    });

    const readOnly = method === 'GET';
    const idempotent = readOnly || method === 'PATCH' || method === 'PUT' || apiMeta.toolHints?.idempotent === true;
    const restPath = `/public/v1${apiMeta.openapi.path}`;
    tools.push({
      procedurePath: path,
      method,
      restPath,
      access: apiMeta.access,
      definition: {
        name: toolNameFor(operationId),
        title: summary,
        description: `${deprecationNote(apiMeta.deprecation)}${description ? `${summary}. ${firstSentence(description)}` : `${summary}.`}`,
        inputSchema,
        ...(apiMeta.toolHints?.outputSchema ? { outputSchema: envelopeSchema(compactToolSchema(toToolJsonSchema(outputParser, 'output')) as JsonSchema) } : {}),
        annotations: {
          readOnlyHint: readOnly,
          // Only DELETE removes anything (webhook endpoints); updates change only what they are sent.
          destructiveHint: method === 'DELETE',
          idempotentHint: idempotent,
          openWorldHint: apiMeta.toolHints?.openWorld === true,
        },
      },
      headersOf,
      toProcedureInput,
      argumentPath(restStylePath) {
        const header = renamed.get(restStylePath);
        if (header) return header;
        const bare = restStylePath.replace(/^(?:body|query|path)(?:\.|$)/, '');
        if (bare === '') return restStylePath === 'body' ? '(arguments)' : restStylePath;
        const head = /^[^.[]+/.exec(bare)?.[0] ?? bare;
        const argument = renamed.get(head);
        return argument ? argument + bare.slice(head.length) : bare;
      },
    });
  });
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.definition.name)) throw new Error(`two operations map to the tool name ${tool.definition.name}`);
    names.add(tool.definition.name);
  }
  return tools;
}

/**
 * Multipart operations take files; a tool takes JSON. Each file field becomes a string argument
 * holding the file's text, turned back into a File before the procedure runs, so the upload's own
 * validation (type, size, parsing) applies unchanged. Other fields pass through.
 */
function fileArgumentsFor(path: string, inputParser: z.ZodType, renamed: Map<string, string>) {
  const unwrapped = unwrapZodType(inputParser, true);
  if (!instanceofZodTypeObject(unwrapped)) throw new Error(`procedure ${path}: multipart input must be an object`);
  const shape: Record<string, z.core.$ZodType> = {};
  const files = new Map<string, FileArgument>();
  for (const [field, schema] of Object.entries(unwrapped.shape)) {
    if (schema instanceof z.ZodFile) {
      const spec = FILE_ARGUMENTS[path]?.[field] ?? {
        argument: field,
        contentType: 'text/plain',
        defaultFilename: `${field}.txt`,
        description: `The ${field} file’s text.`,
      };
      files.set(field, spec);
      renamed.set(field, spec.argument);
      // No length cap here: the upload's own checks answer (413 past its size limit), as over REST.
      shape[spec.argument] = z.string().meta({ description: spec.description });
    } else {
      shape[field] = schema;
    }
  }
  shape.filename = z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: `A file name to record with the upload (default ${[...files.values()].map((f) => f.defaultFilename).join(', ')}).` });
  const argumentsSchema = z.strictObject(shape);
  return {
    inputSchema: toToolJsonSchema(argumentsSchema, 'input') as JsonSchema & { type: 'object' },
    toProcedureInput: (args: Record<string, unknown>) => {
      // Throws a ZodError naming the argument (the caller reports it like any invalid input).
      const parsed = argumentsSchema.parse(args) as Record<string, unknown>;
      const { filename, ...input } = parsed;
      for (const [field, spec] of files) {
        const text = input[spec.argument] as string;
        delete input[spec.argument];
        input[field] = new File([text], typeof filename === 'string' ? filename : spec.defaultFilename, { type: spec.contentType });
      }
      return input;
    },
  };
}

/** Whether a key of this subject type and scopes may call the tool (the authorize middleware decides calls). */
export function toolAllowedFor(tool: CatalogTool, subjectType: SubjectType, scopes: readonly Permission[]): boolean {
  if (!Object.hasOwn(tool.access, subjectType)) return false;
  const scope = tool.access[subjectType];
  return !scope || scopes.includes(scope);
}
