// Short results of what the user just did ("Saved", "Removed Anna"), shown in a corner and read out by
// screen readers. One region for the whole app (ToastProvider in root's App); screens call
// useToast().show({ tone, title }). A toast belongs to its screen: the region outlives navigation, so
// moving to another screen drops the toasts of the one left, or they would tell of a change the new
// screen knows nothing about.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../lib/i18n";
import type { Toast, ToastTone } from "./toast-item";

export type { ToastTone };

/** What a screen shows: a title, maybe a line more, and its tone (success unless said). */
export type ToastMessage = Omit<Toast, "id" | "tone"> & {
  tone?: ToastTone;
  /**
   * The path of the screen the toast is about, when the screen shows it and then moves there (an
   * invoice issued, then its page): it stays on that screen. Without it, the screen it was shown on.
   */
  on?: string;
};

type ShownToast = Toast & { on: string };

// A toast's own code comes with the first one shown: most pages never show one.
const ToastItem = lazy(() => import("./toast-item").then((m) => ({ default: m.ToastItem })));

type ToastApi = {
  show: (message: ToastMessage) => void;
};

/** More than this and the oldest goes: a pile of toasts is noise. */
const maxToasts = 3;

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider above it (root's App has one)");
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [paused, setPaused] = useState(false);
  const nextId = useRef(1);
  const { pathname } = useLocation();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);

  // Another screen: only the toasts meant for it stay, dropped in the render that shows the new screen
  // (so they never flash on it). A revalidation or a new query on the same screen keeps them.
  const [screen, setScreen] = useState(pathname);
  if (screen !== pathname) {
    setScreen(pathname);
    setToasts((all) => all.filter((toast) => toast.on === pathname));
  }

  const dismiss = useCallback((id: number) => {
    setToasts((all) => all.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((message: ToastMessage) => {
    const toast: ShownToast = {
      ...message,
      tone: message.tone ?? "success",
      id: nextId.current++,
      on: message.on ?? here.current,
    };
    setToasts((all) => [...all, toast].slice(-maxToasts));
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/*
        The live region is in the page from the start (also in the server's HTML), so what is added
        to it later is announced. Polite: a result waits for what the reader is saying.
      */}
      <section
        aria-label={t("toast.region")}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
        }}
      >
        <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-sm flex-col gap-2">
          {toasts.length > 0 && (
            <Suspense>
              {toasts.map((toast) => (
                <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={() => dismiss(toast.id)} />
              ))}
            </Suspense>
          )}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}
