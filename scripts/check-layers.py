#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Checks that parsers/ keeps its stages: each stage reaches the stage
below only through that stage's header, and nothing reaches up.

    container/   the file               (container/container.h)
    records/     per-CPU record streams (records/records.h), uses container
    events/      decoded records        (events/events.h), uses container
    parsers/     the readers and the public face (trace_input.h), use all

The other rooms see parsers/ through trace_input.h and the utilities; the
recorder writes the on-disk format the container reads (tracedat_format.h).
Tests and fuzz harnesses reach inner parts on purpose and are not checked.

Usage: check-layers.py [ROOT]; prints each breach as FILE:LINE: what, and
exits 1 if there is one.
"""
import os
import re
import sys

STAGES = ("container", "records", "events")
BELOW = {"container": (), "records": ("container",), "events": ("container",)}
UTILITIES = {"escape.h", "grow.h", "key_index.h"}
PUBLIC = UTILITIES | {"trace_input.h"}
# The public face names the plain structs it hands on, defined below it.
FACE_PARTS = {"parsers/trace_input.h": {"container/trace_facts.h", "events/trace_record.h",
                                         "events/trace_user.h"}}
BESIDE = {"recorder": {"container/tracedat_format.h"}}
UNCHECKED = ("tests", "fuzz", "build", ".git")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def stage_of(path):
    parts = path.split("/")
    if parts[0] != "parsers":
        return None
    if len(parts) == 2:
        return "top"
    return parts[1]


def stage_header(name):
    for stage in STAGES:
        if name == f"{stage}/{stage}.h":
            return stage
    return None


def breach(path, name, root):
    """What is wrong with `#include "name"` in path, or None."""
    if ".." in name.split("/") and (stage_of(path) or "parsers" in name.split("/")):
        return "reaches another folder of parsers/ by a relative path"
    here = os.path.dirname(path)
    if "/" not in name and os.path.exists(os.path.join(root, here, name)):
        return None		# its own folder
    stage = stage_of(path)
    if name.split("/")[0] in STAGES:
        wanted = stage_header(name)
        if name in FACE_PARTS.get(path, ()):
            return None
        if name in BESIDE.get(path.split("/")[0], ()):
            return None
        if wanted is None:
            return f"reaches inside a stage: use {name.split('/')[0]}/{name.split('/')[0]}.h"
        if stage == "top" or (stage in BELOW and wanted in BELOW[stage]):
            return None
        if stage is None:
            return "a room above parsers/ uses trace_input.h, not a stage"
        if not BELOW[stage]:
            return f"stage {stage}/ is the lowest: it uses no other stage"
        return f"stage {stage}/ may use only {', '.join(BELOW[stage])}"
    if not os.path.exists(os.path.join(root, "parsers", name)):
        return None		# another room's header: its -I flags decide
    if stage in STAGES and name not in UTILITIES:
        return "a stage reaches up to the readers or the public face"
    if stage is None and name not in PUBLIC:
        return "not parsers/' public face (trace_input.h and the utilities)"
    return None


def sources(root):
    for top, dirs, files in os.walk(root):
        rel = os.path.relpath(top, root)
        dirs[:] = [d for d in dirs if os.path.join(rel, d).lstrip("./") not in UNCHECKED
                   and not d.startswith(".")]
        for f in files:
            if f.endswith((".c", ".h")):
                yield os.path.normpath(os.path.join(rel, f))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    found = 0
    for path in sorted(sources(root)):
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                what = m and breach(path, m.group(1), root)
                if what:
                    print(f"{path}:{number}: #include \"{m.group(1)}\": {what}")
                    found += 1
    if found:
        return 1
    print("parsers' stages: each reached only through its header")
    return 0


if __name__ == "__main__":
    sys.exit(main())
