import type { ComponentType, JSX } from 'react';
import type { IslandName } from './registry';

/**
 * When the islands entry hydrates an island: once it is in view, once it is within 300 px of it, or as
 * soon as the entry runs (the first screen's form, which is used at once).
 */
export type IslandTrigger = 'visible' | 'near' | 'load';

type IslandProps<P extends object> = {
  name: IslandName;
  component: ComponentType<P>;
  /** Serialisable: they travel in the page as JSON and are given to the component again on hydration. */
  props: P;
  when?: IslandTrigger;
};

/**
 * Prerenders `component` inside an element that names it and carries its props; the islands entry
 * (entry.client.tsx) hydrates that element on its own, on `when` or on the first interaction with it.
 * The element has `display: contents`, so it does not change the layout.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  when = 'visible',
}: IslandProps<P>) {
  return (
    <div data-island={name} data-when={when} data-props={JSON.stringify(props)}>
      <Component {...(props as JSX.IntrinsicAttributes & P)} />
    </div>
  );
}
