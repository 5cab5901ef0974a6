#!/bin/sh
# A custom service for tests written in POSIX sh: Segue's JSON-lines protocol (docs/services.md) with sed.
# search answers a fixed list, crash exits with status 4, anything else is the error `unknown`.
while IFS= read -r line; do
    id=$(printf '%s\n' "$line" | sed -n 's/.*"id":\([0-9][0-9]*\).*/\1/p')
    op=$(printf '%s\n' "$line" | sed -n 's/.*"op":"\([a-z_]*\)".*/\1/p')
    echo "shell service got $op" >&2
    case "$op" in
        search) printf '{"id":%s,"ok":["Shell Scripting"],"after":0.5}\n' "$id" ;;
        crash) echo "giving up" >&2; exit 4 ;;
        "") ;;
        *) printf '{"id":%s,"error":{"code":"unknown","message":"no %s here"}}\n' "$id" "$op" ;;
    esac
done
