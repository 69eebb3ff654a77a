// An uploaded clip's conversion (decisions "A life in pictures", Video; ADR 040): a 2-minute 1080p
// clip at 30 frames a second with sound, made first as a phone would (H.264 and AAC at a high bitrate,
// not timed), then converted by the site's own code (server/providers/video/ffmpeg.ts: its arguments,
// its scaling, its poster) on this machine. Target: under 3 minutes.
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { detectVideoTools } from "../../server/providers/video/ffmpeg";

export const videoTargetSeconds = 180;

export type VideoBench = {
  /** ffmpeg's version line. */
  version: string;
  clipSeconds: number;
  sourceMegabytes: number;
  /** The conversion and its poster, end to end. */
  seconds: number;
  /** Seconds of clip per second of work (ffmpeg's "speed"). */
  speed: number;
  /** CPU seconds ffmpeg used (user and system), and what that is on the machine's cores alone. */
  cpuSeconds: number;
  idleSeconds: number;
  outputMegabytes: number;
  width: number;
  height: number;
  passed: boolean;
} | null;

/**
 * CPU seconds this process's finished children have used (/proc/self/stat: cutime and cstime, in clock
 * ticks of 1/100 s): what ffmpeg cost, whatever else the machine was doing meanwhile.
 */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile("/proc/self/stat", "utf8").catch(() => "");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100;
}

/** Null when ffmpeg is not installed (the site then refuses uploads; nothing to measure). */
export async function runVideoBench(clipSeconds = 120): Promise<VideoBench> {
  const tools = await detectVideoTools({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  if (!tools) return null;
  const dir = await mkdtemp(path.join(tmpdir(), "kammare-bench-video-"));
  try {
    const source = path.join(dir, "phone.mp4");
    await promisify(execFile)(tools.ffmpeg, [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=1920x1080:rate=30:duration=${clipSeconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${clipSeconds}`,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-b:v",
      "16M",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "192k",
      source,
    ]);
    const output = path.join(dir, "converted.mp4");
    const cpuBefore = await childCpuSeconds();
    const started = performance.now();
    await tools.convert({
      input: source,
      output,
      poster: path.join(dir, "poster.jpg"),
      durationSeconds: clipSeconds,
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (await childCpuSeconds()) - cpuBefore;
    const made = await tools.probe(output);
    return {
      version: tools.version,
      clipSeconds,
      sourceMegabytes: (await stat(source)).size / 1024 / 1024,
      seconds,
      speed: clipSeconds / seconds,
      cpuSeconds,
      idleSeconds: cpuSeconds / cpus().length,
      outputMegabytes: (await stat(output)).size / 1024 / 1024,
      width: made?.video?.width ?? 0,
      height: made?.video?.height ?? 0,
      passed: seconds < videoTargetSeconds,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
