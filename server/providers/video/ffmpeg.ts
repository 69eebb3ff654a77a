// ffmpeg and ffprobe for uploaded video clips (decisions "A life in pictures", Video; ADR 040): found
// once at start (FFMPEG_PATH, else `ffmpeg` on the PATH), a clip's length read with ffprobe, and its
// conversion to H.264/AAC MP4 of at most 1080p with a poster frame, reporting its progress.
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** What ffprobe tells of a file: its length and, when it holds a picture, the picture's size. */
export type Probe = {
  durationSeconds: number | null;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
  formatName: string;
};

export type ConvertOptions = {
  input: string;
  output: string;
  poster: string;
  /** The source's length, for the percentage. */
  durationSeconds: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

export type VideoTools = {
  ffmpeg: string;
  ffprobe: string;
  /** ffmpeg's first line of `-version`. */
  version: string;
  probe(file: string): Promise<Probe | null>;
  convert(options: ConvertOptions): Promise<void>;
};

/**
 * The x264 settings: `veryfast` keeps a 2-minute 1080p clip well under real time on two cores (bench:
 * "video"), crf 23 is x264's own balance of size and quality; at most 30 frames a second.
 */
export const encoderArguments = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-fpsmax", "30"];

// Landscape fits 1920×1080, portrait 1080×1920; never enlarged; even sides, as yuv420p needs.
const scaleFilter =
  "scale=w='if(gte(iw,ih),min(1920,iw),min(1080,iw))':h='if(gte(iw,ih),min(1080,ih),min(1920,ih))'" +
  ":force_original_aspect_ratio=decrease:force_divisible_by=2";

/** The tools named by the settings, or null when ffmpeg (or ffprobe) cannot be run. */
export async function detectVideoTools(settings: {
  ffmpegPath?: string;
  ffprobePath?: string;
}): Promise<VideoTools | null> {
  const ffmpeg = settings.ffmpegPath ?? "ffmpeg";
  // ffprobe beside a named ffmpeg, else on the PATH.
  const ffprobe =
    settings.ffprobePath ??
    (settings.ffmpegPath ? path.join(path.dirname(settings.ffmpegPath), "ffprobe") : "ffprobe");
  try {
    const [{ stdout }] = await Promise.all([
      run(ffmpeg, ["-hide_banner", "-version"], { timeout: 10_000 }),
      run(ffprobe, ["-hide_banner", "-version"], { timeout: 10_000 }),
    ]);
    const version = stdout.split("\n")[0]?.trim() ?? "ffmpeg";
    return {
      ffmpeg,
      ffprobe,
      version,
      probe: (file) => probe(ffprobe, file),
      convert: (o) => convert(ffmpeg, o),
    };
  } catch {
    return null;
  }
}

type ProbeJson = {
  format?: { duration?: string; format_name?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
  }[];
};

async function probe(ffprobe: string, file: string): Promise<Probe | null> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      ffprobe,
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "--", file],
      { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
    ));
  } catch {
    return null;
  }
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(stdout) as ProbeJson;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === "video" && stream.width && stream.height);
  const audio = streams.find((stream) => stream.codec_type === "audio");
  const duration = Number(parsed.format?.duration ?? video?.duration ?? Number.NaN);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : null,
    video: video
      ? { codec: video.codec_name ?? "", width: video.width ?? 0, height: video.height ?? 0 }
      : null,
    audio: audio ? { codec: audio.codec_name ?? "" } : null,
    formatName: parsed.format?.format_name ?? "",
  };
}

/** Runs ffmpeg; `onLine` gets each line it writes to its standard output (the -progress report). */
function ffmpegRun(
  ffmpeg: string,
  args: string[],
  { onLine, signal }: { onLine?: (line: string) => void; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "error", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
    });
    let errors = "";
    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine?.(line.trim());
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      // The last lines are enough to say why it failed.
      errors = (errors + chunk).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`));
    });
  });
}

async function convert(
  ffmpeg: string,
  { input, output, poster, durationSeconds, onProgress, signal }: ConvertOptions,
): Promise<void> {
  let reported = -1;
  await ffmpegRun(
    ffmpeg,
    [
      "-y",
      "-i",
      input,
      "-map",
      "0:v:0",
      "-map",
      "0:a:0?",
      "-vf",
      scaleFilter,
      ...encoderArguments,
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-ac",
      "2",
      "-map_metadata",
      "-1",
      "-movflags",
      "+faststart",
      "-progress",
      "pipe:1",
      "-nostats",
      "-f",
      "mp4",
      output,
    ],
    {
      signal,
      onLine(line) {
        const match = /^out_time_us=(\d+)$/.exec(line);
        if (!match || durationSeconds <= 0) return;
        const percent = Math.min(99, Math.floor(Number(match[1]) / 1e4 / durationSeconds));
        if (percent > reported) {
          reported = percent;
          onProgress?.(percent);
        }
      },
    },
  );
  // The poster: a frame a little into the clip (the first is often black), from the converted file.
  const at = Math.max(0, Math.min(2, durationSeconds / 3));
  await ffmpegRun(
    ffmpeg,
    ["-y", "-ss", at.toFixed(2), "-i", output, "-frames:v", "1", "-q:v", "3", "-f", "image2", poster],
    { signal },
  );
}
