// The engine's error, file and document primitives live in PhotolalaSupport so that the S3
// client (PhotolalaS3) can share them without depending on the engine; they are part of the
// engine's surface, so every file of the engine and every user of it sees them as before.
@_exported public import PhotolalaSupport
