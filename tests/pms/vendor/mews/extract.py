#!/usr/bin/env python3
"""Derives an OpenAPI 3.0 document for the Mews Connector API operations we use from Mews' generated reference.

Mews publishes its Connector API's OpenAPI document only from the demo environment
(https://api.mews-demo.com/swagger/connector/swagger.yaml); MewsSystems/open-api-docs holds the Markdown its
generator (connector-api/_generator, templates/resource.edge, parameters.edge, property.edge, enumList.edge)
renders from that document: per operation the address, a request example, a property table (name, type,
contract, description) for the request and the answer, and a table or an enum list for each type they use.

This reads those pages back: for each operation in OPERATIONS, its request and answer tables and every type they
reach (following the tables' links across pages, into _objects.md and guidelines/pagination.md too), and writes
each property with the type, requiredness, item and length limits its table gives, each enum with its values,
and the examples as given. Nothing else: no format, no nullability, no pattern the tables do not state.
The error answer (guidelines/responses.md, "Error response details") is every operation's `default` answer.

Usage: python3 extract.py <open-api-docs checkout> > connector-used.json
"""

import json
import os
import re
import sys

API = '/api/connector/v1'
# The operations the Mews adapter (src/server/pms/mews.ts) calls.
OPERATIONS = [
    'configuration/get',
    'resources/getAll',
    'reservations/getAll/2023-06-06',
    'orders/add',
    'orderItems/getAll',
    'orderItems/cancel',
    'customers/getAll',
]
ERROR = ('guidelines/responses.md', 'error-response-details')
# _objects.md describes its maps in prose rather than a table: "Dictionary is a collection of key-value pairs,
# where both keys and values are strings"; "Dictionary of numbers ... the values are numbers"; "Localized text: A
# [Dictionary](#dictionary) object where the keys are Language codes". Read as objects of those values.
MAPS = {
    ('operations/_objects.md', 'dictionary'): {'type': 'string'},
    ('operations/_objects.md', 'dictionary-of-numbers'): {'type': 'number'},
    ('operations/_objects.md', 'localized-text'): {'type': 'string'},
}

PRIMITIVES = {
    'string': {'type': 'string'},
    'integer': {'type': 'integer'},
    'number': {'type': 'number'},
    'decimal': {'type': 'number'},
    'boolean': {'type': 'boolean'},
    'object': {'type': 'object'},
}


def slug(title):
    """GitBook's anchor of a heading, as the tables' links write it."""
    text = re.sub(r'<[^>]+>', '', title).replace('&#x27;', "'").strip().lower()
    text = re.sub(r'[^a-z0-9 \-]', '', text)
    return re.sub(r' ', '-', text)


def blocks(text):
    """The page as (level, title, line number, body lines) per heading, headings in code fences left alone."""
    out = []
    current = [0, '', 0, []]
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith('```'):
            fenced = not fenced
        match = None if fenced else re.match(r'^(#{1,6}) (.*)$', line)
        if match:
            out.append(current)
            title = re.sub(r'\{#[^}]*\}', '', match.group(2)).replace('~~', '').strip()
            current = [len(match.group(1)), title, number, []]
        else:
            current[3].append((number, line))
    out.append(current)
    return out


def table(body):
    """The property table's rows: (line, name, type, contract, description, deprecated)."""
    rows = []
    inside = False
    for number, line in body:
        if re.match(r'^\| Property \| Type \| Contract \| Description \|', line):
            inside = True
            continue
        if not inside:
            continue
        if not line.startswith('|'):
            if rows:
                break
            continue
        if re.match(r'^\| *:?-', line):
            continue
        cells = line.strip().strip('|').split('|')
        name, kind, contract = (c.strip() for c in cells[:3])
        description = '|'.join(cells[3:]).strip()
        deprecated = name.startswith('~~')
        name = name.replace('~~', '').strip('`')
        rows.append((number, name, kind.replace('~~', '').strip(), contract.replace('~~', '').strip(),
                     description, deprecated))
    return rows


def enum(body):
    """An enum list's values, and whether the page says the list is not exhaustive."""
    values = []
    open_list = False
    for _, line in body:
        if 'the list of values is not exhaustive' in line:
            open_list = True
        match = re.match(r'^\* `([^`]+)`', line)
        if match:
            values.append(match.group(1))
    return values, open_list


def example(body):
    """The first code block's JSON, or None."""
    lines, inside = [], False
    for _, line in body:
        if line.startswith('```'):
            if inside:
                break
            inside = True
            continue
        if inside:
            lines.append(line)
    if not lines:
        return None
    try:
        return json.loads('\n'.join(lines))
    except ValueError:
        return None


def component_name(title):
    words = re.findall(r'[A-Za-z0-9]+', title)
    return ''.join(w[0].upper() + w[1:] for w in words)


class Reference:
    def __init__(self, root):
        self.root = root
        self.pages = {}
        self.components = {}
        self.names = {}
        self.sources = {}

    def page(self, path):
        if path not in self.pages:
            with open(os.path.join(self.root, 'connector-api', path), encoding='utf-8') as f:
                self.pages[path] = blocks(f.read())
        return self.pages[path]

    def definition(self, path, anchor):
        for level, title, line, body in self.page(path):
            if level >= 2 and slug(title) == anchor and ((path, anchor) in MAPS or table(body) or enum(body)[0]):
                return title, line, body
        raise SystemExit(f'{path}#{anchor}: no table or enum under that heading')

    def ref(self, path, anchor):
        """A $ref to the type's component, made (and its own types followed) on first use."""
        key = (path, anchor)
        if key not in self.names:
            title, line, body = self.definition(path, anchor)
            name = component_name(title)
            if name in self.components:
                name = component_name(os.path.basename(path)[:-3] + ' ' + title)
            self.names[key] = name
            self.components[name] = None
            self.sources[name] = f'{path}:{line}'
            if key in MAPS:
                self.components[name] = {'type': 'object', 'title': title, 'additionalProperties': dict(MAPS[key])}
            else:
                self.components[name] = self.schema_of(path, body, title)
        return {'$ref': f'#/components/schemas/{self.names[key]}'}

    def schema_of(self, path, body, title=None):
        rows = table(body)
        if rows:
            return self.object_of(path, rows, title)
        values, open_list = enum(body)
        schema = {'type': 'string'}
        if title:
            schema['title'] = title
        if open_list:
            schema['description'] = 'Not exhaustive: the API may return values not listed. ' + ', '.join(values)
        else:
            schema['enum'] = values
        return schema

    def object_of(self, path, rows, title=None):
        properties, required = {}, []
        for line, name, kind, contract, description, deprecated in rows:
            prop = self.type_of(path, kind, f'{path}:{line}')
            words = [w.strip() for w in contract.split(',')]
            for word in words[1:]:
                items = re.match(r'^max (\d+) items$', word)
                length = re.match(r'^max length (\d+) characters$', word)
                if items and prop.get('type') == 'array':
                    prop['maxItems'] = int(items.group(1))
                elif length and prop.get('type') == 'string':
                    prop['maxLength'] = int(length.group(1))
            if description:
                if '$ref' in prop:
                    prop = {'allOf': [prop]}
                prop['description'] = description
            if deprecated:
                if '$ref' in prop:
                    prop = {'allOf': [prop]}
                prop['deprecated'] = True
            properties[name] = prop
            if words[0] == 'required':
                required.append(name)
            elif words[0] != 'optional':
                raise SystemExit(f'{path}:{line}: contract {contract!r} is neither required nor optional')
        schema = {'type': 'object'}
        if title:
            schema['title'] = title
        schema['properties'] = properties
        if required:
            schema['required'] = required
        return schema

    def type_of(self, path, kind, where):
        if kind.startswith('array of '):
            return {'type': 'array', 'items': self.type_of(path, kind[len('array of '):], where)}
        link = re.match(r'^(?:(string|integer|number) )?\[([^\]]+)\]\(([^)#]*)#([^)]+)\)$', kind)
        if link:
            if link.group(1):  # A hybrid identifier: its primitive type, the link only explains the format.
                return dict(PRIMITIVES[link.group(1)])
            target = os.path.normpath(os.path.join(os.path.dirname(path), link.group(3) or os.path.basename(path)))
            return self.ref(target, link.group(4))
        if kind in PRIMITIVES:
            return dict(PRIMITIVES[kind])
        raise SystemExit(f'{where}: type {kind!r} is not one this script reads')

    def operation(self, operation):
        address = f'{API}/{operation}'
        for page in sorted(os.listdir(os.path.join(self.root, 'connector-api', 'operations'))):
            path = f'operations/{page}'
            if not page.endswith('.md'):
                continue
            found = self.operation_in(path, address)
            if found:
                return found
        raise SystemExit(f'{address}: in no page of connector-api/operations')

    def operation_in(self, path, address):
        parts = self.page(path)
        for i, (level, title, line, body) in enumerate(parts):
            if level != 2:
                continue
            end = next((j for j in range(i + 1, len(parts)) if parts[j][0] <= 2), len(parts))
            section = parts[i:end]
            request = next((b for b in section if b[0] == 3 and b[1] == 'Request'), None)
            if not request or not any(f'`[PlatformAddress]{address}`' == l.strip() for _, l in request[3]):
                continue
            response = next((b for b in section if b[0] == 3 and b[1] == 'Response'), None)
            name = component_name(address[len(API):])
            request_schema = self.object_of(path, table(request[3]))
            self.components[f'{name}Request'] = request_schema
            self.sources[f'{name}Request'] = f'{path}:{request[2]}'
            rows = table(response[3]) if response else []
            self.components[f'{name}Result'] = self.object_of(path, rows) if rows else {'type': 'object'}
            self.sources[f'{name}Result'] = f'{path}:{response[2] if response else line}'
            intro = ' '.join(l.strip() for _, l in body if l.strip() and not l.startswith('>'))
            result = {
                'summary': title,
                'description': intro,
                'x-source': f'connector-api/{path}:{line}',
                'requestBody': {
                    'required': True,
                    'content': {'application/json': {'schema': {'$ref': f'#/components/schemas/{name}Request'}}},
                },
                'responses': {
                    '200': {
                        'description': 'Success',
                        'content': {'application/json': {'schema': {'$ref': f'#/components/schemas/{name}Result'}}},
                    },
                    'default': {
                        'description': 'Error (guidelines/responses.md)',
                        'content': {'application/json': {'schema': self.ref(*ERROR)}},
                    },
                },
            }
            if any('Restricted!' in l for _, l in body):
                result['x-restricted'] = 'This operation is currently in beta-test and as such it is subject to change.'
            sample = example(request[3])
            if sample:
                result['requestBody']['content']['application/json']['example'] = sample
            sample = example(response[3]) if response else None
            if sample is not None:
                result['responses']['200']['content']['application/json']['example'] = sample
            return result
        return None


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    reference = Reference(sys.argv[1])
    paths = {f'{API}/{op}': {'post': reference.operation(op)} for op in OPERATIONS}
    for name in reference.components:
        reference.components[name]['x-source'] = 'connector-api/' + reference.sources[name]
    document = {
        'openapi': '3.0.3',
        'info': {
            'title': 'Mews Connector API: the operations Fridge Check uses',
            'version': 'derived',
            'description': 'Derived by tests/pms/vendor/mews/extract.py from the Markdown reference in '
                           'MewsSystems/open-api-docs (connector-api/operations), which Mews generates from '
                           'https://api.mews-demo.com/swagger/connector/swagger.yaml. See tests/pms/vendor/README.md.',
        },
        'servers': [{'url': 'https://api.mews-demo.com'}],
        'paths': paths,
        'components': {'schemas': dict(sorted(reference.components.items()))},
    }
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write('\n')


main()
