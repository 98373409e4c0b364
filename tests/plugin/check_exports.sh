#!/bin/sh
# check_exports.sh FILE...: fails unless every shared object exports exactly one defined
# dynamic symbol, fc_plugin_query.
#
# The only thing ignored is what the linker itself adds for a version script: one absolute
# ("A") symbol per named version node, e.g. "FORMICARY_1". core/plugin.map is anonymous, so
# today there is none. Everything else counts, including the _init/_fini/_edata/_end/
# __bss_start markers older linkers export by default: plugin.map's "local: *" hides them.
status=0
if [ $# -eq 0 ]; then
    echo "usage: $0 FILE..." >&2
    exit 2
fi
for f in "$@"; do
    if ! syms=$(nm -D --defined-only "$f" 2>&1); then
        echo "$f: nm failed: $syms" >&2
        status=1
        continue
    fi
    names=$(printf '%s\n' "$syms" | awk '
        NF >= 2 {
            type = $(NF - 1); name = $NF
            if (type == "A") next
            sub(/@.*/, "", name)  # a version node suffix: fc_plugin_query@@FORMICARY_1
            print name
        }')
    if [ "$names" != "fc_plugin_query" ]; then
        echo "$f: expected exactly one exported symbol fc_plugin_query, found: $(printf '%s\n' "$names" | head -n 8 | tr '\n' ' ')" >&2
        status=1
    else
        echo "$f: ok"
    fi
done
exit $status
