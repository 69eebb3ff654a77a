// After a form's messages show (the render that puts them in), the keyboard and the screen reader
// start at the first field marked invalid: asked for before that render, done after it.
import { useEffect, useState, type RefObject } from "react";

export function useFocusFirstProblem(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, formRef]);
  return () => setRequest((count) => count + 1);
}
