#!/usr/bin/env python3
"""Writes a small AABBTRC1 trace (../shared/formats.md): six pairs of overlapping cubes sliding
along x at different speeds, so that they cross the broken grid plugin's cell boundaries on
different frames. Used by the Trace check's app tests.

    crossing_trace.py OUT.aabbtrc
"""
import struct
import sys

FRAMES, PAIRS = 30, 6
with open(sys.argv[1], "wb") as f:
    f.write(b"AABBTRC1" + struct.pack("<II", 2 * PAIRS, FRAMES))
    for frame in range(FRAMES):
        for k in range(PAIRS):
            x, z = 0.125 + (k + 1) * frame / 32.0, 4.0 * k + 0.25
            f.write(struct.pack("<6f", x, 0.25, z, x + 1, 1.25, z + 1))
            f.write(struct.pack("<6f", x + 0.25, 0.5, z + 0.2, x + 1.25, 1.3, z + 0.9))
