// One small line icon per admin screen, for the admin's menu: they help the eye find a screen again,
// the name beside each says what it is (the icons are hidden from screen readers).
import type { ReactNode } from "react";

const shapes: Record<string, ReactNode> = {
  "/admin": <path d="M3.5 9 10 4l6.5 5v7a1 1 0 0 1-1 1H12v-4.5H8V17H4.5a1 1 0 0 1-1-1z" />,
  "/admin/profiles/list": (
    <>
      <path d="M7.5 5.5h9M7.5 10h9M7.5 14.5h9" />
      <circle cx="4" cy="5.5" r=".75" />
      <circle cx="4" cy="10" r=".75" />
      <circle cx="4" cy="14.5" r=".75" />
    </>
  ),
  "/admin/profiles/new": (
    <path d="M11.5 3H5.5a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V7zM10 9v5M7.5 11.5h5" />
  ),
  "/admin/profile-admin": (
    <>
      <path d="M3.5 6h7.5M15 6h1.5M3.5 14h2M9.5 14h7" />
      <circle cx="13" cy="6" r="2" />
      <circle cx="7.5" cy="14" r="2" />
    </>
  ),
  "/admin/first-names": (
    <>
      <circle cx="10" cy="7" r="3" />
      <path d="M4 16.5c.9-2.9 3.2-4.5 6-4.5s5.1 1.6 6 4.5" />
    </>
  ),
  "/admin/memories/reports": <path d="M5 17V3.5M5 4h9.5l-2 3.5 2 3.5H5" />,
  "/admin/orders": (
    <path d="M4.5 7h11l-.9 9.1a1 1 0 0 1-1 .9H6.4a1 1 0 0 1-1-.9zM7.5 7V6a2.5 2.5 0 0 1 5 0v1" />
  ),
  "/admin/checkout-link": (
    <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9" />
  ),
  "/admin/capway/invoices": (
    <path d="M5 3.5h10v13.5l-2-1.3-1.5 1.3-1.5-1.3-1.5 1.3L7 15.7 5 17zM7.5 7.5h5M7.5 10.5h5" />
  ),
  "/admin/capway/new-invoice": <path d="m12.5 4.5 3 3L8 15l-3.5.5L5 12zM11 6l3 3" />,
  "/admin/capway/bgmax": (
    <path d="M10 3.5v9M6.5 9 10 12.5 13.5 9M4 13.5v2.5a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-2.5" />
  ),
  "/admin/capway/creditor": (
    <path d="m3.5 7.5 6.5-4 6.5 4M5 8.5v6M8.3 8.5v6M11.7 8.5v6M15 8.5v6M3.5 16.5h13" />
  ),
  "/admin/partner/whitelist": (
    <path d="M10 3 16 5.5v4c0 3.6-2.5 6.1-6 7.5-3.5-1.4-6-3.9-6-7.5v-4zM7.5 10l1.8 1.8 3.2-3.3" />
  ),
  "/admin/qr/manager": (
    <>
      <rect x="3.5" y="3.5" width="5" height="5" rx=".5" />
      <rect x="11.5" y="3.5" width="5" height="5" rx=".5" />
      <rect x="3.5" y="11.5" width="5" height="5" rx=".5" />
      <path d="M11.5 11.5h2v2M16.5 11.5v1M11.5 16.5h1M14.5 14.5h2v2" />
    </>
  ),
  "/admin/address-pdf-maker": (
    <>
      <rect x="3" y="4.5" width="14" height="11" rx="1" />
      <path d="m3.5 5.5 6.5 5 6.5-5" />
    </>
  ),
  "/admin/change-password": (
    <>
      <circle cx="7" cy="13" r="3" />
      <path d="M9.2 10.8 16 4M13.5 6.5l2 2M11.5 8.5l1.5 1.5" />
    </>
  ),
};

export function AdminMenuIcon({ path, className = "" }: { path: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`size-[18px] shrink-0 ${className}`}
    >
      {shapes[path] ?? <circle cx="10" cy="10" r="2" />}
    </svg>
  );
}
