import { describe, expect, it } from "vitest";
import { maxImageUploadBytes } from "../../contract/image-values";
import {
  clampCrop,
  cropRect,
  cropShapes,
  fileProblem,
  initialCrop,
  maxZoom,
  moveCrop,
  zoomCrop,
} from "./crop";

const landscape = { width: 4000, height: 3000 };
const tall = { width: 900, height: 1200 };
const square = cropShapes.portrait.aspect;
const banner = cropShapes.cover.aspect;

describe("cropRect", () => {
  it("keeps the largest centred square of a landscape photo at zoom 1", () => {
    expect(cropRect(landscape, square, initialCrop(landscape))).toEqual({
      x: 500,
      y: 0,
      width: 3000,
      height: 3000,
    });
  });

  it("keeps the full width of a tall photo for a banner, centred vertically", () => {
    const rect = cropRect(tall, banner, initialCrop(tall));
    expect(rect.width).toBe(900);
    expect(rect.height).toBeCloseTo(337.5);
    expect(rect.y).toBeCloseTo((1200 - 337.5) / 2);
    expect(rect.width / rect.height).toBeCloseTo(8 / 3);
  });

  it("shrinks the kept part by the zoom, around the same centre", () => {
    const rect = cropRect(landscape, square, zoomCrop(landscape, square, initialCrop(landscape), 2));
    expect(rect).toEqual({ x: 1250, y: 750, width: 1500, height: 1500 });
  });

  it("never lets the crop leave the picture", () => {
    const rect = cropRect(landscape, square, { zoom: 1, centerX: 0, centerY: 99_999 });
    expect(rect).toEqual({ x: 0, y: 0, width: 3000, height: 3000 });
  });
});

describe("clampCrop", () => {
  it("keeps the zoom between 1 and the maximum", () => {
    expect(clampCrop(landscape, square, { ...initialCrop(landscape), zoom: 0.2 }).zoom).toBe(1);
    expect(clampCrop(landscape, square, { ...initialCrop(landscape), zoom: 40 }).zoom).toBe(maxZoom);
    expect(clampCrop(landscape, square, { ...initialCrop(landscape), zoom: Number.NaN }).zoom).toBe(1);
  });
});

describe("moveCrop", () => {
  it("moves the picture with the finger: dragging right shows more of its left side", () => {
    const start = initialCrop(landscape);
    // A 300 px frame shows 3000 px of the picture: 10 px of dragging is 100 px of picture.
    const moved = moveCrop(landscape, square, start, 10, 0, 300);
    expect(moved.centerX).toBe(start.centerX - 100);
    expect(moved.centerY).toBe(start.centerY);
  });

  it("stops at the picture's edge", () => {
    const moved = moveCrop(landscape, square, initialCrop(landscape), 10_000, 0, 300);
    expect(cropRect(landscape, square, moved).x).toBe(0);
  });
});

describe("fileProblem", () => {
  it("accepts JPEG, PNG and WebP up to 10 MB", () => {
    expect(fileProblem({ type: "image/jpeg", size: 1000 })).toBeUndefined();
    expect(fileProblem({ type: "image/png", size: maxImageUploadBytes })).toBeUndefined();
    expect(fileProblem({ type: "image/webp", size: 1 })).toBeUndefined();
  });

  it("names a wrong type before a size", () => {
    expect(fileProblem({ type: "application/pdf", size: 1000 })).toBe("type");
    expect(fileProblem({ type: "image/heic", size: maxImageUploadBytes + 1 })).toBe("type");
    expect(fileProblem({ type: "", size: 10 })).toBe("type");
  });

  it("refuses a file over 10 MB", () => {
    expect(fileProblem({ type: "image/jpeg", size: maxImageUploadBytes + 1 })).toBe("size");
  });
});
