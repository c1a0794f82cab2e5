import type { AnyRouter, TRPCProcedureType } from '@trpc/server';
import { forEachOpenApiProcedure, type OpenApiProcedure, type OpenApiProcedureRecord, type OpenApiRouter } from 'trpc-to-openapi';
import type { ApiMeta } from './meta';

/** A procedure's meta once it is known to be a REST operation (its `openapi` block is present). */
export type ApiOperationMeta = ApiMeta & { openapi: NonNullable<ApiMeta['openapi']> };

export interface ApiOperation {
  /** The procedure's dotted path in the router (`creators.list`). */
  path: string;
  type: TRPCProcedureType;
  procedure: OpenApiProcedure;
  meta: ApiOperationMeta;
}

/**
 * Visits every procedure that declares a REST operation, with its meta typed as ApiMeta. The routing
 * table, the per-call preparation, the OpenAPI document and the MCP tool catalogue all walk the router
 * through this one function.
 */
export function forEachApiOperation(router: AnyRouter | OpenApiRouter, visit: (operation: ApiOperation) => void): void {
  // tRPC types a router's procedure record as `any`; every procedure here is built from t.procedure with ApiMeta.
  const procedures = router._def.procedures as OpenApiProcedureRecord;
  forEachOpenApiProcedure<ApiMeta>(procedures, visit);
}
