// A searched, paged list whose address is its state (the partner's customers and pages): the address
// of a view, and the search box typed freely and sent a moment after the typing stops.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";

export type ListView = { q: string; page: number };

/** The address of a view of the list at `root`: only what differs from the defaults. */
export function listPath(root: string, { q, page }: ListView): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${root}?${search}` : root;
}

/**
 * The search box's text, following the address when it changes (back, a link), and sent to the
 * address 350 ms after the typing stops; `submit` sends it at once (the form's Enter).
 */
export function useListSearch(root: string, view: ListView) {
  const navigate = useNavigate();
  const [q, setQ] = useState(view.q);
  const [seen, setSeen] = useState(view.q);
  if (view.q !== seen) {
    setSeen(view.q);
    setQ(view.q);
  }
  useEffect(() => {
    if (q.trim() === view.q) return;
    const timer = setTimeout(() => {
      void navigate(listPath(root, { q: q.trim(), page: 1 }), { replace: true });
    }, 350);
    return () => clearTimeout(timer);
  }, [q, view.q, root, navigate]);
  return { q, setQ, submit: () => void navigate(listPath(root, { q: q.trim(), page: 1 })) };
}
