import type { DecodePlan } from '../../src/decode/decode-plan.ts';

/**
 * A decode plan as plain data, for comparing with `toEqual`: an object's placeholders and nested
 * plans by name, a list's items, a union's branch plans; other kinds by their kind alone.
 */
export function planData(plan: DecodePlan): Record<string, unknown> {
  switch (plan.kind) {
    case 'none':
      return {};
    case 'object':
      return {
        ...(plan.placeholders.size > 0
          ? { placeholders: Object.fromEntries(plan.placeholders) }
          : {}),
        ...(plan.properties.size > 0
          ? {
              properties: Object.fromEntries(
                [...plan.properties].map(([name, nested]) => [name, planData(nested)]),
              ),
            }
          : {}),
      };
    case 'list':
      return { items: planData(plan.items) };
    case 'union':
      return { variants: plan.variants.map((variant) => planData(variant.plan)) };
    default:
      return { kind: plan.kind };
  }
}
