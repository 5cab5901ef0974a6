#!/usr/bin/env python3
"""Run action.yml's shell steps on this machine, the way a GitHub runner would, to try the action without GitHub.

usage: scripts/run-action-locally.py WORKSPACE [INPUT=VALUE ...]

Runs in WORKSPACE (the repository the action checks), with the inputs' defaults overridden by INPUT=VALUE.
`run:` steps run as GitHub runs them (`bash --noprofile --norc -eo pipefail`, GITHUB_OUTPUT, GITHUB_ACTION_PATH);
`if:` conditions are evaluated (inputs, steps' outputs and outcomes, `!cancelled()`, `==`, `!=`, `&&`, `||`);
`uses:` steps are not run, only reported with their `with:` values. Prints one JSON object: each step's id,
outcome, output and (for `uses:`) what it would have been given. Exit status 1 if any step failed.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

ACTION_PATH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = re.compile(r"\b(inputs|github|steps)((?:\.[A-Za-z0-9_-]+)+)")


def main(argv):
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    workspace = os.path.abspath(argv[0])
    with open(os.path.join(ACTION_PATH, "action.yml")) as file:
        action = yaml.safe_load(file)
    inputs = {name: str(spec.get("default", "")) for name, spec in action.get("inputs", {}).items()}
    for assignment in argv[1:]:
        name, _, value = assignment.partition("=")
        if name not in inputs:
            print(f"run-action-locally: the action has no input `{name}`", file=sys.stderr)
            return 2
        inputs[name] = value
    context = {
        "inputs": inputs,
        "github": {"action_path": ACTION_PATH, "workspace": workspace, "server_url": "https://github.com",
                   "action_repository": "", "action_ref": ""},
        "steps": {},
    }
    report = []
    failed = False
    for index, step in enumerate(action["runs"]["steps"]):
        step_id = step.get("id", f"step{index}")
        condition = step.get("if")
        status_aware = condition is not None and re.search(r"\b(always|cancelled|failure)\(\)", condition)
        if (failed and not status_aware) or (condition is not None and not evaluate(condition, context)):
            context["steps"][step_id] = {"outcome": "skipped", "outputs": {}}
            report.append({"id": step_id, "outcome": "skipped"})
            continue
        if "uses" in step:
            given = {key: substitute(str(value), context) for key, value in step.get("with", {}).items()}
            context["steps"][step_id] = {"outcome": "success", "outputs": {}}
            report.append({"id": step_id, "outcome": "not run", "uses": step["uses"], "with": given})
            continue
        outcome, output, outputs = run_shell(step, context, workspace)
        context["steps"][step_id] = {"outcome": outcome, "outputs": outputs}
        report.append({"id": step_id, "outcome": outcome, "output": output, "outputs": outputs})
        failed = failed or outcome == "failure"
    print(json.dumps({"steps": report}, indent=2))
    return 1 if failed else 0


def run_shell(step, context, workspace):
    with tempfile.TemporaryDirectory() as scratch:
        script = os.path.join(scratch, "step.sh")
        outputs_file = os.path.join(scratch, "outputs")
        with open(script, "w") as file:
            file.write(substitute(step["run"], context))
        open(outputs_file, "w").close()
        env = dict(os.environ, GITHUB_OUTPUT=outputs_file, GITHUB_ACTION_PATH=ACTION_PATH,
                   GITHUB_WORKSPACE=workspace, GITHUB_ACTIONS="true")
        env.update({key: substitute(str(value), context) for key, value in step.get("env", {}).items()})
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=workspace, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        outputs = {}
        with open(outputs_file) as file:
            for line in file.read().splitlines():
                name, _, value = line.partition("=")
                outputs[name] = value
    return ("success" if done.returncode == 0 else "failure"), done.stdout, outputs


def lookup(match, context):
    value = context[match.group(1)]
    for part in match.group(2).split(".")[1:]:
        value = value.get(part, "") if isinstance(value, dict) else ""
    return value


def substitute(text, context):
    """Replaces each `${{ expression }}` with its value, as text."""
    def value(match):
        result = evaluate(match.group(1), context)
        return ("true" if result else "false") if isinstance(result, bool) else str(result)
    return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", value, text)


def evaluate(expression, context):
    expression = expression.strip()
    if expression.startswith("${{") and expression.endswith("}}"):
        expression = expression[3:-2].strip()
    python = REFERENCE.sub(lambda match: repr(lookup(match, context)), expression)
    python = python.replace("cancelled()", "False").replace("always()", "True").replace("success()", "True")
    python = python.replace("&&", " and ").replace("||", " or ")
    python = re.sub(r"!(?!=)", " not ", python)
    return eval(python, {"__builtins__": {}}, {})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
