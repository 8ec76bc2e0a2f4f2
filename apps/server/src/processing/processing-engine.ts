import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy } from '../auth/access-policy.js';
import type { Broadcaster } from '../live/live-message.js';
import type { Storage } from '../storage/database.js';
import type { Repositories } from '../storage/repositories.js';
import { createDeviceCatalog } from './device-catalog.js';
import { createDeviceStateStore } from './device-state-store.js';
import { createEventService } from './events/event-service.js';
import { createPositionPipeline } from './position-pipeline.js';
import { createPositionProcessor } from './position-processor.js';
import type { ProcessingConfig } from './settings/processing-config.js';
import type { ComputedAttributeEvaluator } from './stages/computed-attributes.stage.js';

export interface ProcessingEngineDeps {
  processingConfig: ProcessingConfig;
  log: FastifyBaseLogger;
  storage: Storage;
  repos: Repositories;
  broadcaster: Broadcaster;
  policy: AccessPolicy;
  now: () => number;
  /** Plug the computed-attribute evaluator in here; without one computed attributes change nothing. */
  computedAttributes?: ComputedAttributeEvaluator;
}

/**
 * The position pipeline with its caches and event delivery. Its caches follow the broadcaster:
 * settings and access changes reload device contexts, a newer position stored elsewhere reloads
 * that device's state.
 */
export const createProcessingEngine = (deps: ProcessingEngineDeps) => {
  const { repos, broadcaster, log, now } = deps;
  const catalog = createDeviceCatalog(repos, deps.processingConfig);
  const states = createDeviceStateStore(repos);
  const pipeline = createPositionPipeline({
    computedAttributes: deps.computedAttributes,
    onStageError: (stage, error, position) => log.warn({ err: error, stage, deviceId: position.deviceId }, 'processing stage failed'),
  });
  const events = createEventService(deps);
  const processor = createPositionProcessor({ repos, catalog, states, pipeline, log, now });
  broadcaster.subscribe((message) => {
    switch (message.kind) {
      case 'access-changed':
        catalog.invalidate();
        events.invalidateFollowers();
        return;
      case 'settings-changed':
        catalog.invalidate();
        return;
      case 'position':
        states.observe(message.position);
        return;
      default:
        return;
    }
  });
  return { catalog, states, pipeline, processor, events };
};

export type ProcessingEngine = ReturnType<typeof createProcessingEngine>;
