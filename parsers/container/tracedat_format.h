/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace.dat format on disk (man 5 trace-cmd.dat.v6, trace-cmd.dat.v7):
 * what the reader (parsers/container/) and the writer (recorder/) must
 * agree on, in one place. The option ids are trace-cmd's
 * enum tracecmd_option_id; in version 7 the metadata sections carry the
 * ids of their options.
 */
#ifndef TRACEDAT_FORMAT_H
#define TRACEDAT_FORMAT_H

/* The first bytes of every trace.dat. */
#define TRACEDAT_MAGIC		"\x17\x08\x44tracing"
#define TRACEDAT_MAGIC_LEN	10

/* The two file versions read and written. */
#define TRACEDAT_V6		6
#define TRACEDAT_V7		7

/* Tags of version 6, each 10 bytes with its NUL (and two spaces for options). */
#define TRACEDAT_TAG_OPTIONS	"options  "
#define TRACEDAT_TAG_FLYRECORD	"flyrecord"
#define TRACEDAT_TAG_LEN	10

/* Compression algorithm names of the file header (version 7). */
#define TRACEDAT_COMPRESS_NONE	"none"
#define TRACEDAT_COMPRESS_ZLIB	"zlib"
#define TRACEDAT_COMPRESS_ZSTD	"zstd"

/* Option and section ids (trace-cmd's enum tracecmd_option_id). */
enum tracedat_option_id {
	TRACEDAT_OPTION_DONE		= 0,
	TRACEDAT_OPTION_DATE		= 1,
	TRACEDAT_OPTION_CPUSTAT		= 2,
	TRACEDAT_OPTION_BUFFER		= 3,
	TRACEDAT_OPTION_TRACECLOCK	= 4,
	TRACEDAT_OPTION_UNAME		= 5,
	TRACEDAT_OPTION_HOOK		= 6,
	TRACEDAT_OPTION_OFFSET		= 7,
	TRACEDAT_OPTION_CPUCOUNT	= 8,
	TRACEDAT_OPTION_VERSION		= 9,
	TRACEDAT_OPTION_PROCMAPS	= 10,
	TRACEDAT_OPTION_TIME_SHIFT	= 12,
	TRACEDAT_OPTION_GUEST		= 13,
	TRACEDAT_OPTION_TSC2NSEC	= 14,
	TRACEDAT_OPTION_STRINGS		= 15,
	TRACEDAT_OPTION_HEADER_INFO	= 16,	/* the first of the six metadata sections */
	TRACEDAT_OPTION_CMDLINES	= 21,	/* the last of them */
	TRACEDAT_OPTION_BUFFER_TEXT	= 22,
};

/* Version 7: a section header is id 2, flags 2, description string id 4, size 8. */
#define TRACEDAT_SECTION_HEADER	16
#define TRACEDAT_FLAG_COMPRESS	1	/* a section's flags: its payload is compressed */

#endif
