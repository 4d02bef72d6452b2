/// XMP sidecars laid out as the programs that write them lay them out, for tests that read and
/// edit them: which element holds what, attributes or elements, arrays, structures and prefixes,
/// after each program's documentation and the sidecars it writes.
public enum SidecarSamples {
    /// darktable 4 (`src/common/exif.cc`, `dt_exif_xmp_attach`): exiv2's packet, its simple
    /// values as attributes of the description, the colour labels as a sequence, and the history
    /// stack as a sequence of structures whose fields are attributes of each item.
    public static let darktable = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:exif="http://ns.adobe.com/exif/1.0/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:darktable="http://darktable.sf.net/"
           exif:DateTimeOriginal="2019:06:01 10:00:00.000"
           xmp:Rating="1"
           xmpMM:DerivedFrom="IMG_0001.CR3"
           darktable:import_timestamp="63791510400000000"
           darktable:change_timestamp="63791510460000000"
           darktable:xmp_version="5"
           darktable:raw_params="0"
           darktable:auto_presets_applied="1"
           darktable:history_end="2"
           darktable:iop_order_version="4">
           <darktable:colorlabels>
            <rdf:Seq>
             <rdf:li>0</rdf:li>
            </rdf:Seq>
           </darktable:colorlabels>
           <darktable:masks_history>
            <rdf:Seq/>
           </darktable:masks_history>
           <darktable:history>
            <rdf:Seq>
             <rdf:li
              darktable:num="0"
              darktable:operation="rawprepare"
              darktable:enabled="1"
              darktable:modversion="2"
              darktable:params="000000000000000000000000000000000000000000000000ff3f0000"
              darktable:multi_name=""
              darktable:multi_priority="0"
              darktable:blendop_version="13"
              darktable:blendop_params="gz14eJxjYIAAGQYYMHFghQ"/>
             <rdf:li
              darktable:num="1"
              darktable:operation="exposure"
              darktable:enabled="1"
              darktable:modversion="6"
              darktable:params="00000000000080b90000803f00004842000080c0"
              darktable:multi_name=""
              darktable:multi_priority="0"
              darktable:blendop_version="13"
              darktable:blendop_params="gz14eJxjYIAAGQYYMHFghQ"/>
            </rdf:Seq>
           </darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>

        """

    /// Lightroom Classic and Camera Raw (Adobe XMP Core): the rating, label and develop
    /// settings (`crs:`) as attributes, keywords in `dc:subject` with the hierarchy in
    /// `lr:hierarchicalSubject`, a tone curve as a sequence, the packet padded for edits in place.
    public static let lightroom = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000 1.000000, 0000/00/00-00:00:00        ">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:tiff="http://ns.adobe.com/tiff/1.0/"
            xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
           xmp:ModifyDate="2019-06-02T09:12:44+02:00"
           xmp:Rating="3"
           xmp:Label="Red"
           tiff:Make="Canon"
           tiff:Model="Canon EOS R5"
           crs:Version="15.0"
           crs:ProcessVersion="11.0"
           crs:WhiteBalance="As Shot"
           crs:Exposure2012="+0.35"
           crs:Contrast2012="+12"
           crs:HasSettings="True">
           <dc:subject>
            <rdf:Bag>
             <rdf:li>Rome</rdf:li>
             <rdf:li>family</rdf:li>
            </rdf:Bag>
           </dc:subject>
           <lr:hierarchicalSubject>
            <rdf:Bag>
             <rdf:li>Places|Italy|Rome</rdf:li>
            </rdf:Bag>
           </lr:hierarchicalSubject>
           <crs:ToneCurvePV2012>
            <rdf:Seq>
             <rdf:li>0, 0</rdf:li>
             <rdf:li>255, 255</rdf:li>
            </rdf:Seq>
           </crs:ToneCurvePV2012>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>

        """

    /// digiKam 8 (exiv2): tags in `digiKam:TagsList` with `/` between levels and in
    /// `lr:hierarchicalSubject`, a title in two languages, and face regions (`mwg-rs:Regions`),
    /// nested structures.
    public static let digiKam = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:digiKam="http://www.digikam.org/ns/1.0/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
            xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
            xmlns:stDim="http://ns.adobe.com/xap/1.0/sType/Dimensions#"
            xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#"
           xmp:Rating="2">
           <digiKam:TagsList>
            <rdf:Seq>
             <rdf:li>People/Katie</rdf:li>
             <rdf:li>Events/Wedding</rdf:li>
            </rdf:Seq>
           </digiKam:TagsList>
           <dc:subject>
            <rdf:Bag>
             <rdf:li>Katie</rdf:li>
             <rdf:li>Wedding</rdf:li>
            </rdf:Bag>
           </dc:subject>
           <lr:hierarchicalSubject>
            <rdf:Bag>
             <rdf:li>People|Katie</rdf:li>
             <rdf:li>Events|Wedding</rdf:li>
            </rdf:Bag>
           </lr:hierarchicalSubject>
           <dc:title>
            <rdf:Alt>
             <rdf:li xml:lang="x-default">At the church</rdf:li>
             <rdf:li xml:lang="de-DE">In der Kirche</rdf:li>
            </rdf:Alt>
           </dc:title>
           <mwg-rs:Regions rdf:parseType="Resource">
            <mwg-rs:AppliedToDimensions stDim:w="6000" stDim:h="4000" stDim:unit="pixel"/>
            <mwg-rs:RegionList>
             <rdf:Bag>
              <rdf:li>
               <rdf:Description mwg-rs:Name="Katie" mwg-rs:Type="Face">
                <mwg-rs:Area stArea:x="0.41" stArea:y="0.32" stArea:w="0.08" stArea:h="0.12" stArea:unit="normalized"/>
               </rdf:Description>
              </rdf:li>
             </rdf:Bag>
            </mwg-rs:RegionList>
           </mwg-rs:Regions>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
}
