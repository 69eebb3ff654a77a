// A part of a screen in a file of its own (React.lazy) that the server may render into the first
// HTML, with buttons in it: the walkthrough, the claim screen, the consent banner. React hydrates
// such a part only once its file is here; a press before then reaches the server's HTML, which has
// no handler (and a form's button submits it natively, reloading the page: the walkthrough's Start
// was lost so, once in five test runs). So each part marks its HTML, and the client loads the files
// of the parts the HTML holds before it hydrates (app/entry.client.tsx).
import { type ComponentType, lazy, useState } from "react";

const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A lazily loaded component whose server HTML is marked with `data-part={name}` (in an element of
 * `display: contents`, so layouts see its children alone) and whose file the client loads before
 * hydrating when that mark is in the page.
 */
export function lazyPart<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const importer = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  loaders.set(name, importer);
  const Lazy = lazy(importer);
  function Part(props: Props) {
    // Chosen once per mount: a part that mounted lazily keeps its state when its file arrives.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return (
      <div data-part={name} className="contents">
        <Component {...props} />
      </div>
    );
  }
  Part.displayName = `LazyPart(${name})`;
  return Part;
}

/** Loads the files of the parts the server rendered into this document (before hydration). */
export async function loadRenderedParts(root: ParentNode = document): Promise<void> {
  const names = new Set(
    Array.from(root.querySelectorAll<HTMLElement>("[data-part]"), (element) => element.dataset.part ?? ""),
  );
  // A part whose file fails to load is left to its Suspense boundary, as before.
  await Promise.allSettled([...names].map((name) => loaders.get(name)?.()));
}
