// The feature's face (ADR 023): a page's videos, links and uploaded clips.
export { addVideoLink, listVideos, publicVideos, removeVideo } from "./videos";
export { createClipConverter, type ClipConverter, type ClipDeps } from "./clips";
