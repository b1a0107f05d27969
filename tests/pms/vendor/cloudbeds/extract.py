"""Cuts the operations Fridge Check uses out of Cloudbeds' PMS API v1.3 document, unchanged.

python3 extract.py pms-v1.3-openapi.yaml > pms-v1.3-used.json  (PyYAML; see README.md for the source)
Keeps the paths below, every component schema they reference (transitively) and the security schemes.
"""
import json
import sys

import yaml

used_paths = ['/getHotels', '/getRooms', '/getReservations', '/postCustomItem', '/postVoidItem']

doc = yaml.safe_load(open(sys.argv[1]))
schemas = doc['components']['schemas']
kept = {}


def refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == '$ref' and isinstance(value, str) and value.startswith('#/components/schemas/'):
                yield value.rsplit('/', 1)[1]
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


paths = {path: doc['paths'][path] for path in used_paths}
todo = list(refs(paths))
while todo:
    name = todo.pop()
    if name in kept:
        continue
    kept[name] = schemas[name]
    todo.extend(refs(schemas[name]))

out = {
    'openapi': doc['openapi'],
    'info': {'title': doc['info']['title'], 'version': doc['info']['version']},
    'servers': doc['servers'],
    'paths': paths,
    'components': {'securitySchemes': doc['components']['securitySchemes'], 'schemas': dict(sorted(kept.items()))},
}
json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
sys.stdout.write('\n')
