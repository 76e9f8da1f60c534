// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a state, an event or a clock may be called: its name becomes an
 * enum constant of the generated header, beside the header's own names.
 */
#include <string.h>

#include "dot_automaton.h"
#include "gen_file.h"

/*
 * C's keywords and the names dot2k's output declares itself (env_max: an
 * HA's): a state "automaton" of model m is the constant automaton_m, the
 * name of the header's struct automaton_m automaton_m; "invariants" and
 * "resets" likewise name an HA's tables.
 */
static const char *const taken[] = {
	"auto", "bool", "break", "case", "char", "const", "continue", "default", "do",
	"double", "else", "enum", "extern", "false", "float", "for", "goto", "if",
	"inline", "int", "long", "register", "restrict", "return", "short", "signed",
	"sizeof", "static", "struct", "switch", "true", "typedef", "union", "unsigned",
	"void", "volatile", "while", "_Alignas", "_Alignof", "_Atomic", "_Bool",
	"_Complex", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert",
	"_Thread_local", "INVALID_STATE", "aut", "automaton", "invariants", "resets",
	"env_max", "event_max", "state_max",
};

/**
 * dot_name_problem() - why a name cannot be a state's, an event's or a clock's
 * @name: the name, as written inside any quotes
 *
 * Return: NULL if the name can be one, else the reason, to follow the name
 * in a message.
 */
const char *dot_name_problem(const struct dot_text *name)
{
	if (name->len >= DOT_MAX_NAME)
		return "is too long for a name";
	if (!gen_is_c_name(name->s, name->len))
		return "is not a C identifier";
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++)
		if (dot_text_is(name, taken[i]))
			return "is a C keyword or a name the header declares";
	return NULL;
}
