// A page's videos (decisions "A life in pictures", Video): links to YouTube or Vimeo and uploaded clips,
// for the page's owner and editors. Visitors see the ready ones on the page itself.
import {
  addVideoLinkRequestSchema,
  removedVideoSchema,
  removeVideoRequestSchema,
  uploadClipQuerySchema,
  videoAnswerSchema,
  videosAnswerSchema,
  videosQuerySchema,
} from "../videos";
import type { Endpoint } from "./endpoint";

const refusals = {
  403: { description: "Not the page's owner or one of its editors" },
  404: { description: "No page (or no video) with this id" },
} as const;

export const videosEndpoints = [
  {
    method: "get",
    path: "/api/kammare/videos",
    summary:
      "The page's videos with each clip's conversion (waiting, converting n %, ready, failed), and " +
      "whether this site converts uploaded clips.",
    auth: true,
    query: videosQuerySchema,
    responses: { 200: { description: "The videos", schema: videosAnswerSchema }, ...refusals },
  },
  {
    method: "post",
    path: "/api/kammare/videos/links",
    summary: "Adds a link to a video on YouTube or Vimeo, with an optional title.",
    auth: true,
    request: addVideoLinkRequestSchema,
    responses: {
      201: { description: "Added", schema: videoAnswerSchema },
      400: { description: "Not a YouTube or Vimeo video's address (refusal video.link-unsupported)" },
      ...refusals,
    },
  },
  {
    method: "post",
    path: "/api/kammare/videos/clips",
    summary:
      "Uploads a clip (the body is the file, up to 500 MB and 10 minutes; profileId and title in the " +
      "query). It is converted in the background to H.264/AAC MP4; poll GET /api/kammare/videos.",
    auth: true,
    query: uploadClipQuerySchema,
    fileBody: ["application/octet-stream", "video/mp4", "video/quicktime", "video/webm"],
    responses: {
      202: { description: "Stored, waiting for its conversion", schema: videoAnswerSchema },
      400: { description: "Not a video, longer than 10 minutes or larger than 500 MB" },
      409: { description: "Video uploads are not available on this site (no ffmpeg)" },
      ...refusals,
    },
  },
  {
    method: "post",
    path: "/api/kammare/videos/remove",
    summary: "Removes a video from the page (a clip's files too).",
    auth: true,
    request: removeVideoRequestSchema,
    responses: { 200: { description: "Removed", schema: removedVideoSchema }, ...refusals },
  },
] as const satisfies readonly Endpoint[];
