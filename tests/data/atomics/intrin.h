/* Empty: the stand-in windows.h declares the intrinsics _atomics.h uses. */
