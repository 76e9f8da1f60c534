/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SHA-256 (FIPS 180-4) of a file, for the JSON Lines of a batch run: which
 * exact trace a line judged. Our own few lines rather than a crypto
 * library for one digest.
 */
#ifndef SHA256_H
#define SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_HEX_LEN	65	/* 64 hex digits and the NUL */

struct sha256 {
	uint32_t	h[8];
	uint64_t	bytes;
	unsigned char	block[64];
	size_t		used;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
void sha256_hex(struct sha256 *s, char hex[SHA256_HEX_LEN]);
int sha256_fd(int fd, char hex[SHA256_HEX_LEN], uint64_t *size);

#endif
