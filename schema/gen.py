#!/usr/bin/env python3
"""Writes segue-flow.schema.json, the JSON Schema (draft 2020-12) of the flow format.

The schema is written here as Python data because JSON has no comments; `segue schema` prints the generated file,
and a test validates every example flow against it with the `jsonschema` package.
"""
import json, os

def ref(name): return {"$ref": f"#/$defs/{name}"}
def obj(props, required=(), extra=False):
    o = {"type": "object", "properties": props, "additionalProperties": extra}
    if required: o["required"] = list(required)
    return o
def mapping_of(schema): return {"type": "object", "additionalProperties": schema}

expr = {"description": "An expression (docs/expressions.md); YAML numbers, booleans and null are literals.",
        "type": ["string", "number", "boolean", "null"]}
text = {"description": "Text that may interpolate ${…}.", "type": ["string", "number", "boolean"]}
name = {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"}
typ = {"description": "A type: string, int, number, bool, any, list<T>, [T], T?, or a record type name.", "type": "string"}
duration = {"description": "3s, 500ms, 1.5s, 2m, a number of seconds, or an expression.", "type": ["string", "number"]}
assignments = mapping_of(expr)

common_element = {"visible": expr, "enabled": expr, "style": text, "anchor": {"enum": ["top", "bottom"]},
                  "tap": ref("actions")}

def element(kind, props, required=()):
    p = {kind: name} | common_element | props
    return obj(p, [kind, *required])

component_use = {"oneOf": [name, obj({"use": name, "with": assignments}, ["use"])]}
rule = {"oneOf": [
    {"enum": ["required", "single_word", "url"]},
    obj({"required": {"const": True}, "message": {"type": "string"}}, ["required"]),
    obj({"single_word": {"const": True}, "message": {"type": "string"}}, ["single_word"]),
    obj({"url": {"const": True}, "message": {"type": "string"}}, ["url"]),
    obj({"max_length": {"type": "integer", "minimum": 1}, "message": {"type": "string"}}, ["max_length"]),
    obj({"min_length": {"type": "integer", "minimum": 0}, "message": {"type": "string"}}, ["min_length"]),
    obj({"pattern": {"type": "string"}, "message": {"type": "string"}}, ["pattern"]),
]}

elements = {
    "text": element("text", {"value": text, "max_lines": {"type": "integer", "minimum": 1}, "width": expr,
                             "font": name}, ["value"]),
    "image": element("image", {"source": text, "placeholder": {"type": "string"}}, ["source"]),
    "button": element("button", {"label": text, "icon": text, "submits": {"type": "boolean"}}),
    "field": element("field", {
        "kind": {"enum": ["text", "multiline", "url", "photo"]}, "placeholder": text, "label": text,
        "initial": expr, "rules": {"type": "array", "items": rule},
        "multiline": obj({"min_lines": {"type": "integer", "minimum": 1}, "grows": {"type": "boolean"},
                          "max_lines": {"type": "integer", "minimum": 1}}),
        "crop": obj({"aspect": {"type": "number", "exclusiveMinimum": 0}, "min_zoom": {"type": "number", "minimum": 1},
                     "max_zoom": {"type": "number", "minimum": 1}, "rotation": {"type": "boolean"},
                     "max_side": {"type": "integer", "minimum": 16}})}),
    "list": element("list", {
        "items": expr, "item": component_use, "layout": {"enum": ["table", "grouped_inset", "collection", "scroll"]},
        "columns": expr, "cell_width": expr, "cell_height": expr, "empty": text,
        "paging": obj({"size": {"type": "integer", "minimum": 1}, "near_end": name, "has_more": expr},
                      ["size", "near_end"])}, ["items", "item"]),
    "slider": element("slider", {"value": expr, "min": {"type": "number"}, "max": {"type": "number"},
                                 "change": ref("actions"), "label": text}, ["value"]),
    "picker": element("picker", {"options": expr, "selected": expr, "change": ref("actions"), "label": text},
                      ["options", "selected"]),
    "lines": element("lines", {"items": expr, "item": component_use, "end_marker": text,
                               "footer": ref("elements")}, ["items"]),
    "meter": element("meter", {"level": expr, "bars": {"type": "integer", "minimum": 1}}, ["level"]),
    "use": element("use", {"with": assignments, "id": name}),
}

nav_with = {"with": assignments, "animated": {"type": "boolean"}}
flag = {"type": ["boolean", "null"]}
call_branches = {"ok": ref("actions"), "error": ref("actions"), "cancelled": ref("actions"),
                 "codes": mapping_of(ref("actions"))}
actions = {
    "present": obj({"present": name} | nav_with, ["present"]),
    "show": obj({"show": name} | nav_with, ["show"]),
    "replace": obj({"replace": name} | nav_with, ["replace"]),
    "unwind": obj({"unwind": name, "animated": {"type": "boolean"}}, ["unwind"]),
    "dismiss": obj({"dismiss": flag, "animated": {"type": "boolean"}}, ["dismiss"]),
    "pop": obj({"pop": flag, "animated": {"type": "boolean"}}, ["pop"]),
    "pop_to_root": obj({"pop_to_root": flag, "animated": {"type": "boolean"}}, ["pop_to_root"]),
    "goto": obj({"goto": name}, ["goto"]),
    "set": obj({"set": assignments}, ["set"]),
    "send": obj({"send": name, "with": assignments}, ["send"]),
    "call": obj({"call": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*$"},
                 "with": assignments, "as": name} | call_branches, ["call"]),
    "alert": obj({"alert": obj({"image": {"enum": ["done", "error", "heart", "none"]}, "title": text,
                                "message": text}, ["title"])}, ["alert"]),
    "if": obj({"if": expr, "then": ref("actions"), "else": ref("actions")}, ["if", "then"]),
    "after": obj({"after": duration, "do": ref("actions"), "id": name}, ["after", "do"]),
    "every": obj({"every": duration, "do": ref("actions"), "id": name}, ["every", "do"]),
    "cancel_timer": obj({"cancel_timer": name}, ["cancel_timer"]),
    "open_url": obj({"open_url": text}, ["open_url"]),
    "play": obj({"play": {"enum": ["line", "continuous"]}, "line": expr}, ["play"]),
    "stop_playback": obj({"stop_playback": flag}, ["stop_playback"]),
}

data_decl = {"oneOf": [typ, obj({"type": typ, "default": {}, "persist": {"type": "boolean"},
                                 "from_defaults": {"type": "string"}}, ["type"])]}
handler = {"oneOf": [ref("actions"), {"type": "array", "items": obj({"when": expr, "do": ref("actions")}, ["do"])}]}
layout = obj({"margins": expr, "scroll": {"type": "boolean"}, "bottom_inset": expr,
              "style": {"enum": ["table", "grouped_inset", "scroll", "collection"]}})
state = obj({"on_enter": ref("actions"), "on_exit": ref("actions"), "on": mapping_of(handler),
             "initial": name, "parallel": {"type": "boolean"}, "states": mapping_of(ref("state"))})
screen = obj({
    "title": text, "navigation": {"type": "boolean"}, "parameters": mapping_of(data_decl),
    "data": mapping_of(data_decl), "layout": layout, "elements": ref("elements"),
    "on_enter": ref("actions"), "on_exit": ref("actions"), "on": mapping_of(handler), "on_error": ref("actions"),
    "initial_state": name, "parallel": {"type": "boolean"}, "states": mapping_of(ref("state")),
    "playback": obj({"lines": expr, "current": name, "highlight": expr, "clip": expr, "volume": expr,
                     "end_event": name}, ["lines", "current"]),
    "recording": obj({"countdown": {"type": "integer", "minimum": 0}, "level": name, "highlight": expr,
                      "meter_interval": duration}),
})
parameter = {"oneOf": [typ, obj({"type": typ, "required": {"type": "boolean"},
                                 "max_length": {"type": "integer", "minimum": 1}, "min": {"type": "integer"},
                                 "max": {"type": "integer"}, "default": expr}, ["type"])]}
operation = obj({"method": {"enum": ["GET", "POST", "PUT", "PATCH", "DELETE"]}, "path": {"type": "string", "pattern": "^/"},
                 "timeout": duration, "parameters": mapping_of(parameter), "result": typ})
service = {"oneOf": [
    obj({"kind": {"enum": ["store", "audio", "defaults", "photos"]}}, ["kind"]),
    obj({"kind": {"const": "api"}, "envelope": obj({"code": {"type": "string"}, "data": {"type": "string"},
                                                    "message": {"type": "string"}}),
         "codes": mapping_of(obj({"outcome": {"enum": ["ok", "empty", "error"]}, "meaning": {"type": "string"}},
                                 ["outcome"])),
         "endpoints": mapping_of(operation)}, ["kind", "endpoints"]),
    obj({"kind": {"const": "custom"}, "operations": mapping_of(operation)}, ["kind", "operations"]),
]}

schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://segue.dev/schema/flow-1.json",
    "title": "Segue flow",
    "description": "A Segue flow file (segue: 1). Reference: docs/flow-language.md.",
    "type": "object",
    "properties": {
        "segue": {"const": 1}, "flow": name, "title": {"type": "string"}, "start": name,
        "imports": {"type": "array", "items": {"type": "string"}},
        "types": mapping_of(mapping_of(typ)),
        "events": mapping_of({"type": ["object", "null"], "additionalProperties": typ}),
        "services": mapping_of(service),
        "data": mapping_of(data_decl),
        "theme": {},
        "components": mapping_of(obj({"parameters": mapping_of(data_decl), "elements": ref("elements"),
                                      "layout": layout})),
        "screens": mapping_of(screen),
        "invariants": mapping_of({"oneOf": [expr, obj({"holds": expr, "message": {"type": "string"}}, ["holds"])]}),
        "on_error": ref("actions"),
    },
    "required": ["segue", "flow", "start", "screens"],
    "additionalProperties": False,
    "$defs": {
        "element": {"oneOf": list(elements.values())},
        "elements": {"type": "array", "items": ref("element")},
        "action": {"oneOf": [{"enum": ["dismiss", "pop", "pop_to_root", "stop_playback"]}, *actions.values()]},
        "actions": {"oneOf": [{"type": "null"}, ref("action"), {"type": "array", "items": ref("action")}]},
        "state": state,
    },
}

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "segue-flow.schema.json"), "w", encoding="utf-8") as out:
    json.dump(schema, out, indent=2, ensure_ascii=False)
    out.write("\n")

# The same text embedded in the `segue` binary, so `segue schema` needs no files at run time.
swift_path = os.path.join(here, "..", "Sources", "SegueModel", "FlowSchema.swift")
with open(os.path.join(here, "segue-flow.schema.json"), encoding="utf-8") as source:
    body = source.read()
with open(swift_path, "w", encoding="utf-8") as out:
    out.write("// swift-format-ignore-file\n// Generated by schema/gen.py from schema/segue-flow.schema.json; do not edit.\n\n")
    out.write("/// The JSON Schema (draft 2020-12) of the flow format, for editors and `segue schema`.\n")
    out.write("public enum FlowSchema {\n    public static let json = #\"\"\"\n")
    out.write(body)
    out.write("\n\"\"\"#\n}\n")
