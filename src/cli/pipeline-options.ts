/**
 * The pipeline options of a run: `PITHY_*` variables, overridden by flags,
 * with the store namespace of the project (see project-namespace.ts).
 */
import type { PithyOptions } from "../pipeline.js";
import type { Mode, Profile } from "../types.js";
import type { CommandContext } from "./command.js";
import { chooseNamespace } from "./project-namespace.js";

/** Mode and profile from flags or variables; validated when the pipeline is created. */
export function pipelineOptions({ flags, env }: CommandContext): PithyOptions {
  return {
    ...env,
    mode: (flags.mode as Mode | undefined) ?? env.mode,
    profile: (flags.profile as Profile | undefined) ?? env.profile,
  };
}

/** {@link pipelineOptions} fenced into the run's namespace: `--namespace`, `PITHY_NAMESPACE` or the project's. */
export function namespacedOptions(context: CommandContext): PithyOptions {
  const namespace = chooseNamespace(
    context.flags.namespace as string | undefined,
    context.env.namespace,
    context.io.cwd,
  );
  return { ...pipelineOptions(context), namespace };
}
