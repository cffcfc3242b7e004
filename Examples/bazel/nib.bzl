"""nib_library and storyboard_library: compile .xib documents and .storyboard files with `nibc ibtool`, one action per document (storyboards then linked in one action)."""

def _ibtool(ctx, arguments, inputs, output, mnemonic, progress_message):
    """One `nibc ibtool` action with the target's deployment target and device (shared by every rule)."""
    ctx.actions.run(
        executable = ctx.executable._nibc,
        arguments = [
            "ibtool",
            "--minimum-deployment-target",
            ctx.attr.minimum_os_version,
            "--target-device",
            "iphone",
        ] + arguments,
        inputs = inputs,
        outputs = [output],
        mnemonic = mnemonic,
        progress_message = progress_message,
    )

_COMMON_ATTRS = {
    "module": attr.string(mandatory = True),
    "minimum_os_version": attr.string(default = "15.0"),
    "_nibc": attr.label(default = "//tools:nibc", executable = True, cfg = "exec", allow_single_file = True),
}

def _nib_library_impl(ctx):
    outputs = []
    for src in ctx.files.srcs:
        # Mirror the document's path below the package, so same-named documents do not collide.
        relative = src.short_path[len(ctx.label.package) + 1:] if ctx.label.package else src.short_path
        out = ctx.actions.declare_file(ctx.label.name + "/" + relative[:-len(".xib")] + ".nib")
        _ibtool(
            ctx,
            ["--errors", "--warnings", "--module", ctx.attr.module, "--output-format", "human-readable-text", "--compile", out.path, src.path],
            [src],
            out,
            "NibCompile",
            "Compiling %s with nibc" % src.short_path,
        )
        outputs.append(out)
    return [DefaultInfo(files = depset(outputs))]

nib_library = rule(
    implementation = _nib_library_impl,
    attrs = dict(_COMMON_ATTRS, srcs = attr.label_list(allow_files = [".xib"])),
)

def _storyboard_library_impl(ctx):
    # As rules_apple (apple/internal/resource_actions/ibtool.bzl): one compile action per storyboard, writing
    # `<name>_storyboardc/X.storyboardc` (a tree artifact) through --compilation-directory, then one link action
    # that checks the references between them and lays them out as the bundle holds them.
    compiled = []
    for src in ctx.files.srcs:
        out = ctx.actions.declare_directory(ctx.label.name + "_storyboardc/" + src.basename[:-len(".storyboard")] + ".storyboardc")
        _ibtool(
            ctx,
            [
                "--compilation-directory",
                out.dirname,
                "--errors",
                "--warnings",
                "--notices",
                "--auto-activate-custom-fonts",
                "--output-format",
                "human-readable-text",
                "--module",
                ctx.attr.module,
                src.path,
            ],
            [src],
            out,
            "StoryboardCompile",
            "Compiling %s with nibc" % src.short_path,
        )
        compiled.append(out)
    linked = ctx.actions.declare_directory(ctx.label.name)
    _ibtool(ctx, ["--link", linked.path] + [c.path for c in compiled], compiled, linked, "StoryboardLink",
            "Linking %d storyboards with nibc" % len(compiled))
    return [DefaultInfo(files = depset([linked]))]

storyboard_library = rule(
    implementation = _storyboard_library_impl,
    attrs = dict(_COMMON_ATTRS, srcs = attr.label_list(allow_files = [".storyboard"])),
)
