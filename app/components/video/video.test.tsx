// The video parts as the server renders them (ADR 040): the upload says before any file is picked
// that this site takes no clips, and a link's poster is a plain link that loads nothing from the site.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../contract/locale";
import type { Video } from "../../../contract/videos";
import { TextsProvider } from "../../lib/i18n";
import { UploadForm } from "./video-forms";
import { VideoSection } from "./video-section";

/** Rendered inside a data router (the upload reads the root route's settings), in `locale`. */
function render(node: ReactNode, locale: Locale = "en-US"): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToStaticMarkup(
    <TextsProvider locale={locale}>
      <Stub />
    </TextsProvider>,
  );
}

const link: Video = {
  id: "1",
  kind: "link",
  title: "Greta sjunger",
  provider: "youtube",
  externalId: "dQw4w9WgXcQ",
  status: "ready",
  progress: 100,
  failure: null,
  url: null,
  posterUrl: null,
  width: null,
  height: null,
  durationSeconds: null,
};
const clip: Video = {
  ...link,
  id: "2",
  kind: "clip",
  provider: null,
  externalId: null,
  url: "/uploads/ABCD2345/videos/2.mp4",
  posterUrl: "/uploads/ABCD2345/videos/2-poster.jpg",
  width: 1080,
  height: 1920,
};

describe("UploadForm", () => {
  it("says video uploads are not available before anyone picks a file, in both languages", () => {
    const off = render(<UploadForm profileId="ABCD2345" available={false} onUploaded={() => {}} />);
    expect(off).toContain("Video uploads are not available on this site.");
    expect(off).not.toContain('type="file"');
    const av = render(<UploadForm profileId="ABCD2345" available={false} onUploaded={() => {}} />, "sv-SE");
    expect(av).toContain("Det går inte att ladda upp video på den här webbplatsen.");
    const on = render(<UploadForm profileId="ABCD2345" available onUploaded={() => {}} />);
    expect(on).toContain('type="file"');
    expect(on).toContain('accept="video/*"');
  });
});

describe("VideoSection", () => {
  it("shows a link as our own poster linking to the video, and a clip as a sized video that loads nothing first", () => {
    const html = render(<VideoSection videos={[link, clip]} language="sv" />);
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('aria-label="Play video: Greta sjunger"');
    expect(html).toContain(
      'data-video-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"',
    );
    expect(html).not.toMatch(/<iframe|<img|ytimg/);
    expect(html).toMatch(/<video[^>]*preload="none"[^>]*poster="\/uploads\/ABCD2345\/videos\/2-poster.jpg"/);
    expect(html).toMatch(/<video[^>]*width="1080"[^>]*height="1920"/);
    expect(render(<VideoSection videos={[]} language="sv" />)).toBe("");
  });
});
