#!/usr/bin/env python3
"""Writes the hand-built fixtures (see README.md): Excel-style, Google-Sheets-style and openpyxl-style
workbooks of source-catalogue.json. Python standard library only; the output is byte-for-byte stable.

    python3 api/test-fixtures/spreadsheets/make_reproductions.py
"""
import json
import os
import zipfile
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = json.load(open(os.path.join(HERE, 'source-catalogue.json'), encoding='utf-8'))
STAMP = (2026, 1, 2, 3, 4, 6)

PRODUCT_HEADERS = ['Name', 'Slug', 'Subtitle', 'Description', 'Price', 'Category', 'In Stock', 'Featured', 'Variation ID',
                   'Image URL', 'Hot Image URL', 'Iced Image URL', 'Shake Image URL', 'Featured Image URL', 'Background Image URL']
PRODUCT_KEYS = ['name', 'slug', 'subtitle', 'description', 'price', 'category', 'inStock', 'featured', 'variationId',
                'imageUrl', 'hotImageUrl', 'icedImageUrl', 'shakeImageUrl', 'featuredImageUrl', 'backgroundImageUrl']
CATEGORY_HEADERS = ['Name', 'Slug', 'Description', 'Image URL']
CATEGORY_KEYS = ['name', 'slug', 'description', 'imageUrl']

MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships'
XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def product_rows():
    rows = [PRODUCT_HEADERS]
    for p in SOURCE['products']:
        values = dict(p, price=p['priceCents'] / 100)
        rows.append([values[k] for k in PRODUCT_KEYS])
    return rows


def category_rows():
    return [CATEGORY_HEADERS] + [[c[k] for k in CATEGORY_KEYS] for c in SOURCE['categories']]


def col(i):
    s = ''
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def num(v):
    return repr(float(v)).rstrip('0').rstrip('.') if isinstance(v, float) else str(v)


def write_zip(name, parts):
    path = os.path.join(HERE, name)
    with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
        for part, text in parts:
            info = zipfile.ZipInfo(part, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode('utf-8'))
    print('wrote', path)


class SharedStrings:
    def __init__(self):
        self.index, self.items, self.count = {}, [], 0

    def ref(self, text):
        self.count += 1
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]

    def xml(self):
        def si(t):
            space = ' xml:space="preserve"' if t != t.strip() or '\n' in t else ''
            return f'<si><t{space}>{escape(t)}</t></si>'
        return (XML_HEAD + f'<sst xmlns="{MAIN_NS}" count="{self.count}" uniqueCount="{len(self.items)}">'
                + ''.join(si(t) for t in self.items) + '</sst>')


def sheet_data(rows, sst, cell_attrs):
    """Excel and Google Sheets both keep text in the shared strings table and booleans as t="b"."""
    out = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, v in enumerate(row):
            ref = f'{col(c)}{r}'
            if v is None:
                continue
            if isinstance(v, bool):
                cells.append(cell_attrs(ref, None, 'b') + f'<v>{int(v)}</v></c>')
            elif isinstance(v, (int, float)):
                cells.append(cell_attrs(ref, 1, None) + f'<v>{num(v)}</v></c>')
            else:
                cells.append(cell_attrs(ref, None, 's') + f'<v>{sst.ref(v)}</v></c>')
        out.append((r, len(row), ''.join(cells)))
    return out


def excel():
    """Microsoft Excel 365's package shape, parts modelled on a workbook Excel 16 saved
    (github.com/bquast/ms-excel-basic-xlsx: docProps/app.xml, core.xml, xl/workbook.xml, xl/styles.xml)."""
    sst = SharedStrings()

    def attrs(ref, style, t):
        return f'<c r="{ref}"' + (f' s="{style}"' if style else '') + (f' t="{t}"' if t else '') + '>'

    sheets = []
    for name, rows in (('Products', product_rows()), ('Categories', category_rows())):
        data = sheet_data(rows, sst, attrs)
        last = f'{col(len(rows[0]) - 1)}{len(rows)}'
        body = ''.join(f'<row r="{r}" spans="1:{n}" x14ac:dyDescent="0.3">{cells}</row>' for r, n, cells in data)
        sheets.append((name, XML_HEAD +
            f'<worksheet xmlns="{MAIN_NS}" xmlns:r="{REL_NS}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
            'xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" '
            'xmlns:xr2="http://schemas.microsoft.com/office/spreadsheetml/2015/revision2" xmlns:xr3="http://schemas.microsoft.com/office/spreadsheetml/2016/revision3" '
            'mc:Ignorable="x14ac xr xr2 xr3">'
            f'<dimension ref="A1:{last}"/><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
            '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
            '<sheetFormatPr defaultRowHeight="14.4" x14ac:dyDescent="0.3"/>'
            f'<sheetData>{body}</sheetData>'
            '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'))
    names = [n for n, _ in sheets]
    parts = [
        ('[Content_Types].xml', XML_HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
         '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
         '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
         + ''.join(f'<Override PartName="/xl/worksheets/sheet{i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' for i in range(len(sheets)))
         + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
         '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
         '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
         '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>'),
        ('_rels/.rels', XML_HEAD + f'<Relationships xmlns="{PKG_REL_NS}">'
         '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>'
         '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
         '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
        ('docProps/app.xml', XML_HEAD + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
         'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity>'
         '<ScaleCrop>false</ScaleCrop><HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant>'
         f'<vt:variant><vt:i4>{len(names)}</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="{len(names)}" baseType="lpstr">'
         + ''.join(f'<vt:lpstr>{n}</vt:lpstr>' for n in names) +
         '</vt:vector></TitlesOfParts><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged>'
         '<AppVersion>16.0300</AppVersion></Properties>'),
        ('docProps/core.xml', XML_HEAD + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
         'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" '
         'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>Cocoa shop</dc:creator><cp:lastModifiedBy>Owner</cp:lastModifiedBy>'
         '<dcterms:created xsi:type="dcterms:W3CDTF">2026-01-02T03:04:05Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2026-01-02T03:04:06Z</dcterms:modified>'
         '</cp:coreProperties>'),
        ('xl/workbook.xml', XML_HEAD + f'<workbook xmlns="{MAIN_NS}" xmlns:r="{REL_NS}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
         'xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main" mc:Ignorable="x15">'
         '<fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="25831"/><workbookPr defaultThemeVersion="166925"/>'
         '<bookViews><workbookView xWindow="-108" yWindow="-108" windowWidth="23256" windowHeight="12576"/></bookViews><sheets>'
         + ''.join(f'<sheet name="{n}" sheetId="{i + 1}" r:id="rId{i + 1}"/>' for i, n in enumerate(names)) +
         '</sheets><calcPr calcId="191029"/></workbook>'),
        ('xl/_rels/workbook.xml.rels', XML_HEAD + f'<Relationships xmlns="{PKG_REL_NS}">'
         + ''.join(f'<Relationship Id="rId{i + 1}" Type="{REL_NS}/worksheet" Target="worksheets/sheet{i + 1}.xml"/>' for i in range(len(sheets)))
         + f'<Relationship Id="rId{len(sheets) + 1}" Type="{REL_NS}/styles" Target="styles.xml"/>'
         f'<Relationship Id="rId{len(sheets) + 2}" Type="{REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'),
        ('xl/styles.xml', XML_HEAD + f'<styleSheet xmlns="{MAIN_NS}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
         'xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" mc:Ignorable="x14ac">'
         '<fonts count="1" x14ac:knownFonts="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>'
         '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
         '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
         '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
         '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
         '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/>'
         '<tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>'),
        ('xl/sharedStrings.xml', None),
    ]
    parts += [(f'xl/worksheets/sheet{i + 1}.xml', xml) for i, (_, xml) in enumerate(sheets)]
    write_zip('excel-style.xlsx', [(p, sst.xml() if t is None else t) for p, t in parts])


def google_sheets():
    """Google Sheets' "Download > Microsoft Excel (.xlsx)" shape, modelled on a Google export kept unzipped at
    github.com/pyu10055/reading_google_spreadsheet_comments: no docProps, Google's namespace list, workbook with
    <sheet state="visible">, Arial 10 styles, s before r on cells."""
    sst = SharedStrings()
    ns = (f'xmlns="{MAIN_NS}" xmlns:r="{REL_NS}" xmlns:mx="http://schemas.microsoft.com/office/mac/excel/2008/main" '
          'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:mv="urn:schemas-microsoft-com:mac:vml" '
          'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main" '
          'xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"')

    def attrs(ref, style, t):
        return f'<c s="{style or 0}" r="{ref}"' + (f' t="{t}"' if t else '') + '>'

    sheets = []
    for name, rows in (('Products', product_rows()), ('Categories', category_rows())):
        data = sheet_data(rows, sst, attrs)
        body = ''.join(f'<row r="{r}">{cells}</row>' for r, _, cells in data)
        sheets.append((name, XML_HEAD.rstrip('\n') +
            f'<worksheet {ns}><sheetPr><outlinePr summaryBelow="0" summaryRight="0"/></sheetPr>'
            '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1.0" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
            '<selection activeCell="B3" sqref="B3" pane="bottomLeft"/></sheetView></sheetViews>'
            '<sheetFormatPr customHeight="1" defaultColWidth="12.63" defaultRowHeight="15.75"/>'
            f'<sheetData>{body}</sheetData></worksheet>'))
    names = [n for n, _ in sheets]
    first_sheet_rid = 3
    parts = [
        ('[Content_Types].xml', XML_HEAD.rstrip('\n') + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
         '<Default ContentType="application/xml" Extension="xml"/><Default ContentType="application/vnd.openxmlformats-package.relationships+xml" Extension="rels"/>'
         + ''.join(f'<Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml" PartName="/xl/worksheets/sheet{i + 1}.xml"/>' for i in range(len(sheets)))
         + '<Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml" PartName="/xl/sharedStrings.xml"/>'
         '<Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml" PartName="/xl/styles.xml"/>'
         '<Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml" PartName="/xl/workbook.xml"/></Types>'),
        ('_rels/.rels', XML_HEAD.rstrip('\n') + f'<Relationships xmlns="{PKG_REL_NS}">'
         '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
        ('xl/workbook.xml', XML_HEAD.rstrip('\n') + f'<workbook {ns}><workbookPr/><sheets>'
         + ''.join(f'<sheet state="visible" name="{n}" sheetId="{i + 1}" r:id="rId{i + first_sheet_rid}"/>' for i, n in enumerate(names))
         + '</sheets><definedNames/><calcPr/></workbook>'),
        ('xl/_rels/workbook.xml.rels', XML_HEAD.rstrip('\n') + f'<Relationships xmlns="{PKG_REL_NS}">'
         f'<Relationship Id="rId1" Type="{REL_NS}/styles" Target="styles.xml"/>'
         f'<Relationship Id="rId2" Type="{REL_NS}/sharedStrings" Target="sharedStrings.xml"/>'
         + ''.join(f'<Relationship Id="rId{i + first_sheet_rid}" Type="{REL_NS}/worksheet" Target="worksheets/sheet{i + 1}.xml"/>' for i in range(len(sheets)))
         + '</Relationships>'),
        ('xl/styles.xml', XML_HEAD.rstrip('\n') + f'<styleSheet xmlns="{MAIN_NS}" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" '
         'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.00"/></numFmts>'
         '<fonts count="1"><font><sz val="10.0"/><color rgb="FF000000"/><name val="Arial"/><scheme val="minor"/></font></fonts>'
         '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="lightGray"/></fill></fills>'
         '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf borderId="0" fillId="0" fontId="0" numFmtId="0" applyAlignment="1" applyFont="1"/></cellStyleXfs>'
         '<cellXfs count="2"><xf borderId="0" fillId="0" fontId="0" numFmtId="0" xfId="0" applyAlignment="1" applyFont="1"><alignment readingOrder="0" shrinkToFit="0" vertical="bottom" wrapText="0"/></xf>'
         '<xf borderId="0" fillId="0" fontId="0" numFmtId="164" xfId="0" applyAlignment="1" applyFont="1" applyNumberFormat="1"><alignment readingOrder="0"/></xf></cellXfs>'
         '<cellStyles count="1"><cellStyle xfId="0" name="Normal" builtinId="0"/></cellStyles><dxfs count="0"/></styleSheet>'),
        ('xl/sharedStrings.xml', None),
    ]
    parts += [(f'xl/worksheets/sheet{i + 1}.xml', xml) for i, (_, xml) in enumerate(sheets)]
    write_zip('google-sheets-style.xlsx', [(p, sst.xml() if t is None else t) for p, t in parts])


def openpyxl_formula_without_value():
    """What openpyxl writes for ws['C2'] = '=2*3.25' (openpyxl/cell/_writer.py): strings inline
    (t="inlineStr"), a formula cell with no t and an empty <v/>, because openpyxl never calculates."""
    rows = [
        ['Name', 'Slug', 'Price', 'In Stock'],
        ['Script Cocoa', 'script-cocoa', '=2*3.25', True],
        ['Half-Price Marshmallows', 'half-price-marshmallows', '=0.25*2', True],
    ]

    def cell(ref, v):
        if isinstance(v, bool):
            return f'<c r="{ref}" t="b"><v>{int(v)}</v></c>'
        if isinstance(v, str) and v.startswith('='):
            return f'<c r="{ref}"><f>{escape(v[1:])}</f><v></v></c>'
        return f'<c r="{ref}" t="inlineStr"><is><t>{escape(v)}</t></is></c>'

    body = ''.join(f'<row r="{r}">' + ''.join(cell(f'{col(c)}{r}', v) for c, v in enumerate(row)) + '</row>' for r, row in enumerate(rows, start=1))
    parts = [
        ('docProps/app.xml', '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
         'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Microsoft Excel</Application>'
         '<AppVersion>3.1</AppVersion></Properties>'),
        ('docProps/core.xml', '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
         'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" '
         'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>openpyxl</dc:creator>'
         '<dcterms:created xsi:type="dcterms:W3CDTF">2026-01-02T03:04:05Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2026-01-02T03:04:05Z</dcterms:modified></cp:coreProperties>'),
        ('xl/worksheets/sheet1.xml', f'<worksheet xmlns="{MAIN_NS}"><sheetPr><outlinePr summaryBelow="1" summaryRight="1"/><pageSetUpPr/></sheetPr>'
         '<dimension ref="A1:D3"/><sheetViews><sheetView workbookViewId="0"><selection activeCell="A1" sqref="A1"/></sheetView></sheetViews>'
         f'<sheetFormatPr baseColWidth="8" defaultRowHeight="15"/><sheetData>{body}</sheetData>'
         '<pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5"/></worksheet>'),
        ('xl/styles.xml', f'<styleSheet xmlns="{MAIN_NS}"><numFmts count="0"/><fonts count="1"><font><name val="Calibri"/><family val="2"/><color theme="1"/><sz val="11"/><scheme val="minor"/></font></fonts>'
         '<fills count="2"><fill><patternFill/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
         '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" pivotButton="0" quotePrefix="0" xfId="0"/></cellXfs>'
         '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0" hidden="0"/></cellStyles><tableStyles count="0" defaultTableStyle="TableStyleMedium9" defaultPivotStyle="PivotStyleLight16"/></styleSheet>'),
        ('xl/workbook.xml', f'<workbook xmlns="{MAIN_NS}"><workbookPr/><workbookProtection/><bookViews><workbookView visibility="visible" minimized="0" showHorizontalScroll="1" showVerticalScroll="1" showSheetTabs="1" tabRatio="600" firstSheet="0" activeTab="0" autoFilterDateGrouping="1"/></bookViews>'
         f'<sheets><sheet xmlns:r="{REL_NS}" name="Products" sheetId="1" state="visible" r:id="rId1"/></sheets><definedNames/><calcPr calcId="124519" fullCalcOnLoad="1"/></workbook>'),
        ('xl/_rels/workbook.xml.rels', f'<Relationships xmlns="{PKG_REL_NS}"><Relationship Type="{REL_NS}/worksheet" Target="/xl/worksheets/sheet1.xml" Id="rId1"/>'
         f'<Relationship Type="{REL_NS}/styles" Target="styles.xml" Id="rId2"/></Relationships>'),
        ('_rels/.rels', f'<Relationships xmlns="{PKG_REL_NS}"><Relationship Type="{REL_NS}/officeDocument" Target="xl/workbook.xml" Id="rId1"/>'
         '<Relationship Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml" Id="rId2"/>'
         f'<Relationship Type="{REL_NS}/extended-properties" Target="docProps/app.xml" Id="rId3"/></Relationships>'),
        ('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
         '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
         '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
         '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
         '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
         '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>'),
    ]
    write_zip('openpyxl-style-formula-no-value.xlsx', parts)


if __name__ == '__main__':
    excel()
    google_sheets()
    openpyxl_formula_without_value()
