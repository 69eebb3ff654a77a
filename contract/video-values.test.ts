// The video links a family may paste (ADR 040): every common YouTube and Vimeo address, nothing else.
import { describe, expect, it } from "vitest";
import { parseVideoLink, videoEmbedUrl, videoWatchUrl } from "./video-values";

describe("video links", () => {
  it("plays from the no-cookie host and Vimeo's do-not-track player, and opens on the site itself", () => {
    expect(videoEmbedUrl("youtube", "dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    expect(videoEmbedUrl("vimeo", "1")).toBe("https://player.vimeo.com/video/1?autoplay=1&dnt=1");
    expect(videoWatchUrl("youtube", "dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(videoWatchUrl("vimeo", "1")).toBe("https://vimeo.com/1");
  });

  it("reads every common YouTube and Vimeo address", () => {
    const id = "dQw4w9WgXcQ";
    for (const link of [
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?t=42`,
      `https://www.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/watch?feature=share&v=${id}&t=10s`,
      `http://youtube.com/watch?v=${id}`,
      `youtube.com/watch?v=${id}`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}?rel=0`,
      `https://www.youtube.com/live/${id}`,
      `  https://www.youtube.com/watch?v=${id}  `,
    ]) {
      expect(parseVideoLink(link), link).toEqual({ provider: "youtube", id });
    }
    for (const link of [
      "https://vimeo.com/76979871",
      "https://www.vimeo.com/76979871?share=copy",
      "https://player.vimeo.com/video/76979871",
      "https://player.vimeo.com/video/76979871?h=abc",
      "https://vimeo.com/channels/staffpicks/76979871",
      "https://vimeo.com/groups/shortfilms/videos/76979871",
    ]) {
      expect(parseVideoLink(link), link).toEqual({ provider: "vimeo", id: "76979871" });
    }
  });

  it("refuses anything else", () => {
    for (const link of [
      "",
      "not a link",
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://evilyoutube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>",
      "https://www.youtube.com/channel/UC1234567890",
      "https://www.youtube.com/",
      "https://youtu.be/",
      "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
      "ftp://youtu.be/dQw4w9WgXcQ",
      "https://user:pass@youtu.be/dQw4w9WgXcQ",
      "https://youtu.be:8443/dQw4w9WgXcQ",
      "https://vimeo.com/",
      "https://vimeo.com/abc",
      "https://vimeo.com/76979871/extra/parts",
      "https://player.vimeo.com/76979871",
      "https://dailymotion.com/video/x7tgad0",
    ]) {
      expect(parseVideoLink(link), link).toBeNull();
    }
  });
});
