import { useEffect, useMemo, useState } from 'react';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  ColorPicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Skeleton,
  Space,
  Switch,
  Typography,
  Upload,
} from 'antd';
import { useNavigate } from 'react-router';

import {
  HOSTED_LOGO_TYPES,
  HOSTED_PAGE_DEFAULT_STYLES,
  HOSTED_PAGE_FONT_SIZE,
  hostedPageStylesSchema,
  MAX_CUSTOM_STYLESHEETS,
  ROUTE_PATTERNS,
  SUCCESS_MESSAGES,
  type HostedPageSettingsDto,
  type HostedPageStyles,
} from '@syncdesk/contracts';
import { isApiError, notifySuccess, PageHeader, zodRule } from '@syncdesk/web-kit';

import {
  getHostedPageSettings,
  removeHostedPageLogo,
  saveHostedPageSettings,
  uploadHostedPageLogo,
} from '../api/hosted-pages.api';
import { useCan } from '../hooks/useCan';
import { fontSizePixels } from '../look/HostedLook';
import { HostedPagePreview } from './HostedPagePreview';

type LogoChoice = 'none' | 'upload' | 'url';

/** The form's values: the styles as the page reads them, the font size as a number, the logo choice. */
interface SettingsFormValues extends Omit<HostedPageStyles, 'fontSize'> {
  fontSize: number;
  logoChoice: LogoChoice;
  logoUrl: string;
}

const COLOUR_FIELDS: readonly { name: keyof HostedPageStyles; label: string }[] = [
  { name: 'backgroundColor', label: 'Background colour' },
  { name: 'buttonColor', label: 'Button colour' },
  { name: 'buttonTextColor', label: 'Button text colour' },
  { name: 'toggleLightColor', label: 'Toggle colour (light)' },
  { name: 'toggleDarkColor', label: 'Toggle colour (dark)' },
];

function formValuesOf(settings: HostedPageSettingsDto): SettingsFormValues {
  return {
    ...settings.styles,
    fontSize: fontSizePixels(settings.styles.fontSize),
    logoChoice: settings.logo_source ?? 'none',
    logoUrl: settings.logo_source === 'url' ? (settings.logo_url ?? '') : '',
  };
}

function stylesOf(values: Partial<SettingsFormValues>): HostedPageStyles {
  const merged = { ...HOSTED_PAGE_DEFAULT_STYLES, ...values };
  return {
    isLogoHidden: Boolean(merged.isLogoHidden),
    backgroundColor: merged.backgroundColor,
    buttonColor: merged.buttonColor,
    buttonTextColor: merged.buttonTextColor,
    toggleLightColor: merged.toggleLightColor,
    toggleDarkColor: merged.toggleDarkColor,
    displaySearch: Boolean(merged.displaySearch),
    fontSize: `${typeof merged.fontSize === 'number' ? merged.fontSize : fontSizePixels(String(merged.fontSize))}px`,
    isDarkMode: Boolean(merged.isDarkMode),
    isCustomStylesheetsEnabled: Boolean(merged.isCustomStylesheetsEnabled),
    customStylesheets: (merged.customStylesheets ?? []).filter((sheet) => sheet?.url),
  };
}

/**
 * A 422's messages under the form's fields: the api names the styles `styles.<name>` (and list
 * items `styles.customStylesheets.0.url`), the form names them without the prefix.
 */
function formErrorsOf(error: unknown): { name: (string | number)[]; errors: string[] }[] {
  if (!isApiError(error) || error.status !== 422) return [];
  return Object.entries(error.errors).flatMap(([key, messages]) => {
    const path =
      key === 'logo_url' ? ['logoUrl'] : key.startsWith('styles.') ? key.slice(7).split('.') : null;
    if (!path || !messages[0]) return [];
    return [{ name: path.map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors: [messages[0]] }];
  });
}

/** A colour field: the picker and the hex text side by side, one form value. */
function ColourInput({
  value,
  onChange,
  label,
  disabled,
}: {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Space.Compact>
      <ColorPicker
        value={value}
        disabledAlpha
        disabled={disabled}
        onChangeComplete={(colour) => onChange?.(colour.toHexString())}
        aria-label={`${label} picker`}
      />
      <Input
        aria-label={label}
        value={value}
        disabled={disabled}
        maxLength={7}
        style={{ width: 110 }}
        onChange={(event) => onChange?.(event.target.value.trim())}
      />
    </Space.Compact>
  );
}

/**
 * `/hostedPagesSettings`: the look of the company's hosted pages — logo (an upload, checked by the
 * api, or an https url), colours, search, font size, dark mode and custom stylesheets — with a live
 * preview, and the spec's defaults one click away.
 */
export function HostedPagesSettingsPage() {
  const navigate = useNavigate();
  const editable = useCan()('channels.update');
  const [form] = Form.useForm<SettingsFormValues>();
  const [settings, setSettings] = useState<HostedPageSettingsDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const watched = Form.useWatch([], form) as Partial<SettingsFormValues> | undefined;

  useEffect(() => {
    getHostedPageSettings().then(setSettings, () => setFailed(true));
  }, []);

  const previewStyles = useMemo(() => stylesOf(watched ?? {}), [watched]);
  const logoChoice = watched?.logoChoice ?? settings?.logo_source ?? 'none';
  const previewLogo =
    logoChoice === 'url'
      ? watched?.logoUrl || null
      : logoChoice === 'upload' && settings?.logo_source === 'upload'
        ? settings.logo_url
        : null;

  const save = async (values: SettingsFormValues) => {
    setSaving(true);
    try {
      const styles = stylesOf(values);
      const logo =
        values.logoChoice === 'url'
          ? { logo_url: values.logoUrl.trim() }
          : values.logoChoice === 'none'
            ? { logo_url: null }
            : {};
      const saved = await saveHostedPageSettings({ ...logo, styles });
      setSettings(saved);
      form.setFieldsValue(formValuesOf(saved));
      notifySuccess(SUCCESS_MESSAGES.updated);
    } catch (error) {
      form.setFields(formErrorsOf(error) as Parameters<typeof form.setFields>[0]);
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File) => {
    try {
      const saved = await uploadHostedPageLogo(file);
      setSettings(saved);
      form.setFieldsValue({ logoChoice: 'upload' });
      notifySuccess(SUCCESS_MESSAGES.updated);
    } catch {
      // The api's words (type or size) are notified by the api client's error handler.
    }
  };

  const removeLogo = async () => {
    try {
      const saved = await removeHostedPageLogo();
      setSettings(saved);
      form.setFieldsValue({ logoChoice: 'none', logoUrl: '' });
      notifySuccess(SUCCESS_MESSAGES.deleted);
    } catch {
      // Notified.
    }
  };

  const header = (
    <PageHeader
      title="Hosted Pages Settings"
      subtitle="How the pages you send to others look. Every link of your company's stores shows it."
      actions={
        <Button onClick={() => void navigate(ROUTE_PATTERNS.hostedPages)}>Back to hosted pages</Button>
      }
    />
  );
  if (failed)
    return (
      <>
        {header}
        <Alert type="error" showIcon title="The hosted pages settings could not be loaded." />
      </>
    );
  if (!settings)
    return (
      <>
        {header}
        <Card>
          <Skeleton active />
        </Card>
      </>
    );

  return (
    <>
      {header}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Form
            form={form}
            layout="vertical"
            initialValues={formValuesOf(settings)}
            onFinish={save}
            disabled={saving || !editable}
            noValidate
          >
            <Card title="Logo" style={{ marginBottom: 16 }}>
              <Form.Item name="logoChoice" label="Logo">
                <Radio.Group
                  options={[
                    { value: 'none', label: 'No logo' },
                    { value: 'upload', label: 'Upload an image' },
                    { value: 'url', label: 'Use an image address' },
                  ]}
                />
              </Form.Item>
              {logoChoice === 'upload' ? (
                <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
                  <Upload
                    accept={HOSTED_LOGO_TYPES.join(',')}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void upload(file);
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />}>
                      {settings.logo_source === 'upload' ? 'Replace image' : 'Choose image'}
                    </Button>
                  </Upload>
                  {settings.logo_source === 'upload' ? (
                    <Button danger icon={<DeleteOutlined />} onClick={() => void removeLogo()}>
                      Remove
                    </Button>
                  ) : null}
                  <Typography.Text type="secondary">PNG, JPEG, GIF or WebP, up to 512 KB.</Typography.Text>
                </Flex>
              ) : null}
              {logoChoice === 'url' ? (
                <Form.Item
                  name="logoUrl"
                  label="Logo URL"
                  rules={[{ required: true, message: 'The logo URL field is required.' }]}
                  extra="An https address of the image."
                >
                  <Input aria-label="Logo URL" placeholder="https://" />
                </Form.Item>
              ) : null}
              <Form.Item name="isLogoHidden" label="Hide the logo" valuePropName="checked">
                <Switch aria-label="Hide the logo" />
              </Form.Item>
            </Card>

            <Card title="Colours and text" style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                {COLOUR_FIELDS.map((field) => (
                  <Col key={field.name} xs={24} sm={12}>
                    <Form.Item
                      name={field.name}
                      label={field.label}
                      rules={[zodRule(hostedPageStylesSchema, field.name)]}
                    >
                      <ColourInput label={field.label} disabled={saving || !editable} />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} sm={12}>
                  <Form.Item name="fontSize" label="Font size (px)">
                    <InputNumber
                      aria-label="Font size"
                      min={HOSTED_PAGE_FONT_SIZE.min}
                      max={HOSTED_PAGE_FONT_SIZE.max}
                      precision={0}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Flex gap={32} wrap>
                <Form.Item name="displaySearch" label="Search in the channel list" valuePropName="checked">
                  <Switch aria-label="Search in the channel list" />
                </Form.Item>
                <Form.Item name="isDarkMode" label="Open in dark mode" valuePropName="checked">
                  <Switch aria-label="Open in dark mode" />
                </Form.Item>
              </Flex>
            </Card>

            <Card title="Custom stylesheets" style={{ marginBottom: 16 }}>
              <Form.Item
                name="isCustomStylesheetsEnabled"
                label="Load custom stylesheets"
                valuePropName="checked"
              >
                <Switch aria-label="Load custom stylesheets" />
              </Form.Item>
              <Typography.Paragraph type="secondary">
                https addresses of your own CSS, loaded into the hosted pages (up to {MAX_CUSTOM_STYLESHEETS}
                ). They can style the page but never run scripts. The preview here does not load them.
              </Typography.Paragraph>
              <Form.List name="customStylesheets">
                {(items, { add, remove }) => (
                  <Flex vertical gap={8}>
                    {items.map((item, index) => (
                      <Flex key={item.key} gap={8} align="start">
                        <Form.Item name={[item.name, 'id']} hidden>
                          <Input />
                        </Form.Item>
                        <Form.Item
                          name={[item.name, 'url']}
                          style={{ flex: 1, marginBottom: 0 }}
                          rules={[{ required: true, message: 'The stylesheet URL field is required.' }]}
                        >
                          <Input aria-label={`Stylesheet ${index + 1} URL`} placeholder="https://" />
                        </Form.Item>
                        <Button
                          aria-label={`Remove stylesheet ${index + 1}`}
                          icon={<DeleteOutlined />}
                          onClick={() => remove(item.name)}
                        />
                      </Flex>
                    ))}
                    {items.length < MAX_CUSTOM_STYLESHEETS ? (
                      <Button
                        icon={<PlusOutlined />}
                        onClick={() => add({ id: crypto.randomUUID().slice(0, 8), url: '' })}
                        style={{ alignSelf: 'start' }}
                      >
                        Add stylesheet
                      </Button>
                    ) : null}
                  </Flex>
                )}
              </Form.List>
            </Card>

            {editable ? (
              <Flex gap={8}>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Save
                </Button>
                <Button
                  onClick={() =>
                    form.setFieldsValue({
                      ...HOSTED_PAGE_DEFAULT_STYLES,
                      fontSize: fontSizePixels(HOSTED_PAGE_DEFAULT_STYLES.fontSize),
                      customStylesheets: [],
                    })
                  }
                >
                  Reset to defaults
                </Button>
              </Flex>
            ) : null}
          </Form>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Preview" styles={{ body: { padding: 0, overflow: 'hidden' } }}>
            <HostedPagePreview styles={previewStyles} logoUrl={previewLogo} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
