// The photo viewer over a page's grid (decisions "A life in pictures"): a thumbnail's link opens its
// photo in the grid's <dialog> (rendered by the server, texts in the viewer's language), with the
// caption, date and "n of m", previous and next (buttons, arrow keys, a swipe), Escape or Close to
// leave, focus kept inside and given back to the thumbnail. The address follows the photo shown, so a
// link copied from the bar opens that photo's own page. Plain DOM: the light page's one script runs it
// (ADR 011) and the app runs the same code over the same markup (ADR 038). Without it the links open
// the photo pages.

/**
 * `push`: opening adds a history entry, so Back closes the viewer (the light page, which has no
 * router). `replace`: the address is swapped and put back on close (the app, whose router owns the
 * history's entries).
 */
export type HistoryMode = "push" | "replace";

const swipeDistance = 40;

export function attachPhotoViewer(grid: HTMLElement, mode: HistoryMode): () => void {
  const dialog = grid.querySelector<HTMLDialogElement>("dialog[data-photo-viewer]");
  const links = [...grid.querySelectorAll<HTMLAnchorElement>("a[data-photo]")];
  if (!dialog || typeof dialog.showModal !== "function" || links.length === 0) return () => {};
  const part = <T extends Element>(name: string) => dialog.querySelector<T>(`[data-viewer-${name}]`);
  const image = part<HTMLImageElement>("image");
  const avif = part<HTMLSourceElement>("avif");
  const webp = part<HTMLSourceElement>("webp");
  const caption = part<HTMLElement>("caption");
  const date = part<HTMLElement>("date");
  const counter = part<HTMLElement>("counter");
  const previous = part<HTMLButtonElement>("previous");
  const next = part<HTMLButtonElement>("next");
  const close = part<HTMLButtonElement>("close");
  const stage = part<HTMLElement>("stage");
  let current = 0;
  let pushed = false;
  let pageAddress = "";
  let start: { id: number; x: number; y: number } | null = null;

  function say(element: HTMLElement | null, text: string): void {
    if (!element) return;
    element.textContent = text;
    element.hidden = text === "";
  }

  function show(index: number): void {
    const link = links[index];
    if (!link || !image) return;
    current = index;
    const thumb = link.querySelector("img");
    // Every width made of the photo (the link's `data-widths`) in both encodings, beside the
    // thumbnail's own file: the viewer asks for the one that fills the screen.
    const src = thumb?.getAttribute("src") ?? "";
    const folder = src.slice(0, src.lastIndexOf("/") + 1);
    const widths = (link.dataset.widths ?? "").split(" ").filter(Boolean);
    const srcset = (format: string) =>
      widths.map((width) => `${folder}${width}.${format} ${width}w`).join(", ");
    if (avif) avif.srcset = srcset("avif");
    if (webp) webp.srcset = srcset("webp");
    image.width = thumb?.width ?? 0;
    image.height = thumb?.height ?? 0;
    image.alt = thumb?.alt ?? "";
    image.src = thumb?.getAttribute("src") ?? "";
    say(caption, link.dataset.caption ?? "");
    say(date, link.dataset.date ?? "");
    say(
      counter,
      (dialog?.dataset.counter ?? "{n} / {m}")
        .replace("{n}", String(index + 1))
        .replace("{m}", String(links.length)),
    );
    previous?.setAttribute("aria-disabled", String(index === 0));
    next?.setAttribute("aria-disabled", String(index === links.length - 1));
    history.replaceState(history.state, "", link.href);
  }

  function step(by: number): void {
    const to = current + by;
    if (to >= 0 && to < links.length) show(to);
  }

  function open(index: number): void {
    if (!dialog) return;
    pageAddress = location.pathname + location.search;
    if (mode === "push") {
      history.pushState({ photoViewer: true }, "", location.href);
      pushed = true;
    }
    show(index);
    dialog.showModal();
    document.documentElement.classList.add("overflow-hidden");
    close?.focus();
  }

  function closed(): void {
    document.documentElement.classList.remove("overflow-hidden");
    if (pushed) {
      pushed = false;
      history.back();
    } else {
      history.replaceState(history.state, "", pageAddress);
    }
    const link = links[current];
    link?.focus();
    link?.scrollIntoView({ block: "nearest" });
  }

  function onKey(event: KeyboardEvent): void {
    if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "ArrowRight") step(1);
    else if (event.key === "Tab") {
      // Round and round inside the viewer: its buttons, in order.
      const buttons = [...(dialog?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
      const first = buttons[0];
      const last = buttons.at(-1);
      if (event.shiftKey && document.activeElement === first) last?.focus();
      else if (!event.shiftKey && document.activeElement === last) first?.focus();
      else return;
    } else return;
    event.preventDefault();
  }

  const onClick = (event: MouseEvent) => {
    // Only a plain click: a new tab or window gets the photo's page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-photo]");
    const index = link ? links.indexOf(link) : -1;
    if (index === -1) return;
    event.preventDefault();
    open(index);
  };
  const onPopState = () => {
    // Back while the viewer is open: the entry it added is gone already.
    if (!dialog.open) return;
    pushed = false;
    dialog.close();
  };
  const onPointerDown = (event: PointerEvent) => {
    start = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };
  const onPointerCancel = () => (start = null);
  const onPrevious = () => step(-1);
  const onNext = () => step(1);
  const onClose = () => dialog.close();

  grid.addEventListener("click", onClick);
  dialog.addEventListener("keydown", onKey);
  dialog.addEventListener("close", closed);
  previous?.addEventListener("click", onPrevious);
  next?.addEventListener("click", onNext);
  close?.addEventListener("click", onClose);
  stage?.addEventListener("pointerdown", onPointerDown);
  stage?.addEventListener("pointerup", onPointerUp);
  stage?.addEventListener("pointercancel", onPointerCancel);
  window.addEventListener("popstate", onPopState);
  // Said in the markup, for whoever waits for it (the app attaches after its page has loaded).
  grid.dataset.viewerReady = "";
  return () => {
    delete grid.dataset.viewerReady;
    grid.removeEventListener("click", onClick);
    dialog.removeEventListener("keydown", onKey);
    dialog.removeEventListener("close", closed);
    previous?.removeEventListener("click", onPrevious);
    next?.removeEventListener("click", onNext);
    close?.removeEventListener("click", onClose);
    stage?.removeEventListener("pointerdown", onPointerDown);
    stage?.removeEventListener("pointerup", onPointerUp);
    stage?.removeEventListener("pointercancel", onPointerCancel);
    window.removeEventListener("popstate", onPopState);
  };
}

/** On a photo's own page: the arrow keys follow its previous and next links. */
export function followArrowKeys(page: HTMLElement): void {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    const link = rel ? page.querySelector<HTMLAnchorElement>(`a[rel="${rel}"]`) : null;
    if (link) link.click();
  });
}
