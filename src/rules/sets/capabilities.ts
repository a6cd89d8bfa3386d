// Rules about capabilities, methods and directions.
import { capabilityNotNegotiated } from '../capability-not-negotiated.js';
import { methodNotInRevision } from '../method-not-in-revision.js';
import { resourceUpdateWithoutSubscription } from '../resource-update-without-subscription.js';
import type { Rule } from '../types.js';
import { unknownMethod } from '../unknown-method.js';
import { wrongDirection } from '../wrong-direction.js';

export const CAPABILITY_RULES: readonly Rule<any, any>[] = [
  capabilityNotNegotiated,
  methodNotInRevision,
  resourceUpdateWithoutSubscription,
  unknownMethod,
  wrongDirection,
];
